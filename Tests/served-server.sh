# Sourced by the runners that drive `conformance serve` with clients nobody here wrote (Tests/*/run-served.sh).
#   served_bin                the folder of the executables: CONFORMANCE_BIN's (what .ci/run built), or this build's
#   start_served_server BIN [OPTION…]
#                             starts BIN/conformance serve [OPTION…] on a free port of 127.0.0.1 and waits, bounded,
#                             until GET / answers; sets server (its pid), port and served_log
#   stop_served_server        stops it (SIGTERM) and removes its log; safe to call twice
served_bin() { if [ -n "${CONFORMANCE_BIN:-}" ]; then dirname "$CONFORMANCE_BIN"; else swift build --show-bin-path; fi; }

start_served_server() {
    served_log="$(mktemp)"
    "$1/conformance" serve --port 0 --project demo-conformance --quiet "${@:2}" >"$served_log" 2>&1 &
    server=$!
    port=""
    for _ in $(seq 1 100); do
        port="$(sed -n 's|.*at http://127.0.0.1:\([0-9]*\).*|\1|p' "$served_log" | head -1)"
        if [ -n "$port" ] && python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
            "http://127.0.0.1:$port/" 2>/dev/null; then return 0; fi
        port=""
        sleep 0.05
    done
    echo "conformance serve did not become ready:"
    cat "$served_log"
    return 1
}

stop_served_server() {
    if [ -n "${server:-}" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    server=""
    rm -f "${served_log:-}"
}
