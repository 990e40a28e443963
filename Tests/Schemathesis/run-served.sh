#!/usr/bin/env bash
# Sends `conformance serve` the requests nobody here wrote: schemathesis (PyPI) generates them from the Identity
# Toolkit OpenAPI document (`../shared/openapi/identitytoolkit-v1-v2.json` beside the checkout, read from there), for
# every v1 and v2 operation, requests that follow the schema and requests that break it, a fixed seed and a bounded
# number of examples per operation. It fails on any 5xx answer or a server that stops answering, and prints the
# request that caused it. Every wait is bounded; the server is stopped on any exit.
#   Tests/Schemathesis/run-served.sh [EXAMPLES]   (30 by default; `install` only installs schemathesis)
set -euo pipefail
cd "$(dirname "$0")/../.."
examples="${1:-30}"
schema="$(cd .. && pwd)/shared/openapi/identitytoolkit-v1-v2.json"
[ -f "$schema" ] || { echo "schemathesis: no OpenAPI document at $schema"; exit 1; }
# shellcheck source=Tests/served-server.sh
. Tests/served-server.sh
venv=.build/schemathesis-venv
if [ ! -x "$venv/bin/st" ]; then python3 -m venv "$venv"; fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis>=4,<5"
[ "$examples" != install ] || exit 0
bin="$(served_bin)"

report="$(mktemp -d)"
trap 'stop_served_server; rm -rf "$report"' EXIT
start_served_server "$bin" || exit 1

# Every v1 and v2 operation of the document (not the emulator's own hooks), with the API key, as the owner (so the
# administrator's routes reach their implementation rather than the permission check), schema-conforming and
# schema-violating requests. Only the server errors fail: the document describes production, whose answers to the
# generated requests (their 400s and 404s) are not what this run judges.
status=0
"$venv/bin/st" run "$schema" --url "http://127.0.0.1:$port/identitytoolkit.googleapis.com" \
    --include-path-regex '^/v[12]/' --checks not_a_server_error --mode all --phases examples,coverage,fuzzing \
    --max-examples "$examples" --seed 20261127 --generation-database none --no-color --workers 1 \
    --request-timeout 30 --header "X-Goog-Api-Key: schemathesis" --header "Authorization: Bearer owner" \
    --suppress-health-check all --report junit --report-dir "$report" || status=$?
# The server must still be alive and answering after every request.
if ! kill -0 "$server" 2>/dev/null; then echo "schemathesis: conformance serve died:"; cat "$served_log"; exit 1; fi
"$venv/bin/python" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=10)' \
    "http://127.0.0.1:$port/" || { echo "schemathesis: conformance serve stopped answering"; exit 1; }
[ "$status" -eq 0 ] || { echo "schemathesis: a request was answered with a server error (above)"; exit "$status"; }
echo "schemathesis: no server error, and the server is alive"
