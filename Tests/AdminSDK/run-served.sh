#!/usr/bin/env bash
# Starts `conformance serve` on a free port of 127.0.0.1, drives it with clients nobody here wrote, and stops it:
#   1. the catalogue over HTTP (`conformance --identity-toolkit URL --project P`, no other option), which must pass as
#      the in-process reference does;
#   2. the Firebase Admin SDK for Python (firebase-admin from PyPI, installed into a venv under .build);
#   3. two bounded bursts of bad and good requests, 50 at once, watching the server's answers and memory;
#   4. the catalogue over HTTP against a second server started with `--no-test-hooks` (no reset, no outbox, no time
#      control) and ID tokens of 10 seconds, given the administrator's token and that lifetime: it must pass, judged
#      through production's own routes, AUTH-4's expired tokens waited for in real time.
# Every wait is bounded; the server is stopped on any exit. `run-served.sh install` only installs the SDK.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The executables .ci/run built (CONFORMANCE_BIN names one), or this checkout's build.
# shellcheck source=Tests/served-server.sh
. Tests/served-server.sh
venv=.build/admin-sdk-venv
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check firebase-admin
[ "${1:-}" != install ] || exit 0
bin="$(served_bin)"

trap stop_served_server EXIT
started=$(date +%s%N)
start_served_server "$bin" || exit 1
echo "served: ready on 127.0.0.1:$port in $(( ($(date +%s%N) - started) / 1000000 )) ms (including the process start)"


# No option but the URL and the project: the subject takes the key set the server publishes under its own URL.
timeout 600 "$bin/conformance" --identity-toolkit "http://127.0.0.1:$port" --project demo-conformance

FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$port" CONFORMANCE_PROJECT=demo-conformance timeout 120 "$venv/bin/python" Tests/AdminSDK/admin_sdk_test.py

timeout 300 "$venv/bin/python" Tests/AdminSDK/burst_memory.py "$port" "$server" demo-conformance

# A second server on the same port is refused with its own status; SIGTERM stops the first one cleanly (exit 0).
status=0
timeout 30 "$bin/conformance" serve --port "$port" --quiet >/dev/null 2>&1 || status=$?
[ "$status" -eq 75 ] || { echo "a second serve on port $port exited $status, not 75"; exit 1; }
kill -TERM "$server"
status=0
wait "$server" || status=$?
server=""
[ "$status" -eq 0 ] || { echo "conformance serve exited $status on SIGTERM, not 0"; exit 1; }
echo "served: a port in use is refused (75); SIGTERM stops the server (0)"

# A server with none of the emulator's hooks (no reset, no outbox, no time control), judged as a production project is:
# through the administrator's links, each check with addresses of its own; no check fails, none at a setup step.
start_served_server "$bin" --no-test-hooks --id-token-lifetime 10 || exit 1
hookless="$(mktemp)"
status=0
timeout 600 "$bin/conformance" --identity-toolkit "http://127.0.0.1:$port" --project demo-conformance \
    --admin-token owner --id-token-lifetime 10 --json "$hookless.json" >"$hookless" 2>&1 || status=$?
grep -E "^conformance: the server|rules: |PASSES|FAILS" "$hookless" || true
if [ "$status" -ne 0 ] || ! grep -q "reset: no, each check signs up with addresses of its own" "$hookless" ||
    ! grep -q "mails: the administrator's links" "$hookless" ||
    ! python3 - "$hookless.json" <<'PYTHON'; then
import json, sys
checks = {check["id"]: check["status"] for rule in json.load(open(sys.argv[1]))["results"] for check in rule["checks"]}
# The declared lifetime reaches AUTH-4's expired tokens: judged in real time, not n/a.
expired = ["AUTH-4/expired-token-refused", "AUTH-4/door-expired-token-first-step"]
sys.exit(0 if all(checks.get(check) == "pass" for check in expired) else "not passed: " + str(
    {check: checks.get(check) for check in expired}))
PYTHON
    echo "the server with no test hooks was not judged as expected (exit $status):"
    cat "$hookless"
    exit 1
fi
rm -f "$hookless" "$hookless.json"
stop_served_server
echo "served: a server with no test hooks is judged through production's routes (exit 0)"
