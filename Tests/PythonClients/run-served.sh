#!/usr/bin/env bash
# Starts `conformance serve` on a free port of 127.0.0.1, drives it with the Python clients on PyPI that speak the
# Identity Toolkit's REST wire (v3 relyingparty, v1 accounts, v2, the secure-token endpoint), and stops it:
#   1. pyrebase4 (`import pyrebase`), in .build/pyrebase-venv (it pins urllib3 below 2, so a venv of its own);
#   2. firebase-rest-api (`import firebase`), in .build/firebase-rest-api-venv;
#   3. google-api-python-client (`import googleapiclient`), in .build/google-api-venv: its bundled identitytoolkit v1
#      and v2 discovery documents, pointed at the server's root (`api_endpoint`).
# Neither of the first two has an emulator switch: each test redirects the library's https requests to the server
# (served.py).
# Every wait is bounded; the server is stopped on any exit. `run-served.sh install` only installs the clients.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The executables .ci/run built (CONFORMANCE_BIN names one), or this checkout's build.
# shellcheck source=Tests/served-server.sh
. Tests/served-server.sh
started=$(date +%s%N)
export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ beside the tests

# The versions the tests describe, and each library's custom tokens working with what it was written against:
# pyrebase4 4.9.0 signs with a pycryptodome key, which python-jwt 3 and later (a jwcrypto JWK only) refuse (python-jwt
# 2's flaw, CVE-2022-39227, is in verifying, which pyrebase never does);
# firebase-rest-api 1.11.0 reads the signer's private `_key`, which google-auth 2.48 moved behind a wrapper.
install() {
    local venv="$1"
    shift
    if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
    timeout 600 "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
}
install .build/pyrebase-venv "pyrebase4==4.9.0" "python-jwt<3"
install .build/firebase-rest-api-venv "firebase-rest-api==1.11.0" "google-auth<2.48"
install .build/google-api-venv "google-api-python-client==2.202.0"
[ "${1:-}" != install ] || exit 0
bin="$(served_bin)"

trap stop_served_server EXIT
start_served_server "$bin" || exit 1
echo "pyclients: conformance serve ready on 127.0.0.1:$port"

export CONFORMANCE_URL="http://127.0.0.1:$port" CONFORMANCE_PROJECT=demo-conformance
timeout 120 .build/pyrebase-venv/bin/python Tests/PythonClients/pyrebase_test.py
timeout 120 .build/firebase-rest-api-venv/bin/python Tests/PythonClients/firebase_rest_api_test.py
timeout 120 .build/google-api-venv/bin/python Tests/PythonClients/google_api_client_test.py
echo "pyclients: the three clients passed in $(( ($(date +%s%N) - started) / 1000000 )) ms (including the installs)"
