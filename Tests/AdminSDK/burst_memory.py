"""Two bursts of 2,000 requests, 50 at once, at a served server on 127.0.0.1: every answer is an Identity Toolkit
answer (a 2xx, or an error object with code and message), the server stays up, and its memory after the second
burst is back where the first one left it (within 8 MiB: a leak of 4 KiB a request would show), so nothing a
request allocates outlives it. Bounded: 4,000 requests, each with a 10 s time-out.

usage: burst_memory.py PORT SERVER_PID PROJECT
"""
import json
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

port, pid, project = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
base = f"http://127.0.0.1:{port}"
key = "fake-api-key"

# What the burst sends, round robin: malformed bodies of several kinds, an unknown field, a forged token, a probe.
REQUESTS = [
    ("POST", f"/identitytoolkit.googleapis.com/v1/accounts:lookup?key={key}", b"{not json"),
    ("POST", f"/identitytoolkit.googleapis.com/v1/accounts:lookup?key={key}", b"[1, 2, 3]"),
    ("POST", f"/identitytoolkit.googleapis.com/v1/accounts:lookup?key={key}", b"\xff\xfe\x00"),
    ("POST", f"/identitytoolkit.googleapis.com/v1/accounts:lookup?key={key}", json.dumps({"idToken": "a.b.c"}).encode()),
    ("POST", f"/identitytoolkit.googleapis.com/v1/accounts:signUp?key={key}", json.dumps({"nonsense": 1}).encode()),
    ("POST", f"/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key={key}",
     json.dumps({"email": "nobody@example.com", "password": "wrong password", "returnSecureToken": True}).encode()),
    ("GET", "/", None),
]


def send(index):
    method, path, body = REQUESTS[index % len(REQUESTS)]
    request = urllib.request.Request(base + path, data=body, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def is_identity_toolkit_answer(status, body):
    if 200 <= status < 300:
        return True
    try:
        error = json.loads(body)["error"]
        return isinstance(error["code"], int) and isinstance(error["message"], str)
    except (ValueError, KeyError, TypeError):
        return False


def rss_kib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit("the server's memory cannot be read: is it still running?")


def burst():
    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(send, range(2000)))
    wrong = [(status, body[:120]) for status, body in answers if not is_identity_toolkit_answer(status, body)]
    if wrong:
        raise SystemExit(f"{len(wrong)} of 2000 answers are not Identity Toolkit answers, e.g. {wrong[:3]}")
    return sum(1 for status, _ in answers if status == 400)


start = rss_kib()
bad_requests = burst()
first = rss_kib()
burst()
second = rss_kib()
send(len(REQUESTS) - 1)  # still up
print(f"burst: 2 x 2000 requests, 50 at once: all Identity Toolkit answers ({bad_requests} of each 400); "
      f"server memory {start} KiB before, {first} KiB after the first, {second} KiB after the second")
if second - first > 8 * 1024:
    raise SystemExit(f"the second burst grew the server by {second - first} KiB: something a request allocates outlives it")
