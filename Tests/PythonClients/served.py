"""What the Python client tests share: pointing a library at `conformance serve`, reading its outboxes, and the steps.

Neither pyrebase4 nor firebase-rest-api has an emulator switch: they send `https://<Google host>/…` with `requests`.
`RedirectAdapter`, mounted on a `requests.Session` for `https://`, sends each such request to
`http://127.0.0.1:PORT/<Google host>/…`, the Auth Emulator's layout that `conformance serve` answers, and refuses any
other host, so no request leaves the machine. Every request is bounded in time.
"""
import base64
import contextlib
import json
import sys
import urllib.parse
import uuid

import requests
from requests.adapters import HTTPAdapter

GOOGLE_HOSTS = ("www.googleapis.com", "identitytoolkit.googleapis.com", "securetoken.googleapis.com")
TIMEOUT = 10


class RedirectAdapter(HTTPAdapter):
    """`https://<Google host>/path?query` → `<base>/<Google host>/path?query`."""

    def __init__(self, base):
        super().__init__()
        self.base = base.rstrip("/")

    def send(self, request, **kwargs):
        url = urllib.parse.urlsplit(request.url)
        if url.scheme != "https" or url.hostname not in GOOGLE_HOSTS:
            raise requests.ConnectionError(f"not redirected to the served server: {request.url}")
        request.url = f"{self.base}/{url.hostname}{url.path}" + (f"?{url.query}" if url.query else "")
        kwargs["timeout"] = kwargs.get("timeout") or TIMEOUT
        return super().send(request, **kwargs)


class Served:
    """One client's view of the served server: a redirected session, the outboxes, and its steps."""

    def __init__(self, client, base, project, api_key):
        self.client, self.base, self.project, self.api_key = client, base.rstrip("/"), project, api_key
        self.exchanges = []
        self.session = self.redirect(requests.Session())

    def redirect(self, session):
        """Mounts the redirect on `session` (a library's own, or this one) and records its exchanges for the steps."""
        session.mount("https://", RedirectAdapter(self.base))
        session.hooks["response"].append(self._record)
        return session

    def _record(self, response, *args, **kwargs):
        self.exchanges.append(response)

    def email(self, label):
        """A fresh address per run, so a run never meets an earlier run's accounts."""
        return f"{self.client}-{label}-{uuid.uuid4().hex[:10]}@example.com"

    @contextlib.contextmanager
    def step(self, name):
        """Prints `<client>: PASS <name>`, or FAIL with the step's requests and answers, and exits 1."""
        self.exchanges = []
        try:
            yield
        except Exception as error:  # Any failure ends the run: an assertion, the library's HTTPError, a KeyError.
            print(f"{self.client}: FAIL {name}: {type(error).__name__}: {error}")
            for response in self.exchanges:
                request = response.request
                body = request.body.decode() if isinstance(request.body, bytes) else request.body
                print(f"  request: {request.method} {request.url} {body or ''}")
                print(f"  answer:  {response.status_code} {response.text}")
            sys.exit(1)
        print(f"{self.client}: PASS {name}")

    def call(self, path, body):
        """A plain v1 call (`accounts:update`, …) through the same redirect, where the library offers none."""
        response = self.session.post(
            f"https://identitytoolkit.googleapis.com/v1/{path}?key={self.api_key}", json=body, timeout=TIMEOUT)
        return response.status_code, response.json()

    def let_a_second_pass(self):
        """The server's time control moves its clock on a second: production revokes by whole seconds (`validSince`),
        so a session begun in the second of a password change survives it."""
        response = self.session.post(
            f"{self.base}/emulator/v1/projects/{self.project}/clock:advance", json={"seconds": 1}, timeout=TIMEOUT)
        response.raise_for_status()

    def oob_code(self, email, request_type):
        """The code of the newest email of `request_type` the server sent to `email` (its `oobCodes` outbox)."""
        response = self.session.get(f"{self.base}/emulator/v1/projects/{self.project}/oobCodes", timeout=TIMEOUT)
        response.raise_for_status()
        sent = [code for code in response.json()["oobCodes"]
                if code["email"] == email and code["requestType"] == request_type]
        expect(sent, f"the oobCodes outbox holds a {request_type} email to {email}")
        code = sent[-1]
        link = urllib.parse.parse_qs(urllib.parse.urlsplit(code["oobLink"]).query)
        expect(link.get("oobCode") == [code["oobCode"]] and link.get("apiKey") == [self.api_key],
               f"the email's link carries its oobCode and the API key: {code['oobLink']}")
        return code["oobCode"]

    def service_account(self):
        """The project's own service account (a Google service-account JSON), whose key signs custom tokens the
        server accepts."""
        response = self.session.get(
            f"{self.base}/emulator/v1/projects/{self.project}/serviceAccount",
            headers={"Authorization": "Bearer owner"}, timeout=TIMEOUT)
        response.raise_for_status()
        account = response.json()
        expect(account.get("type") == "service_account" and account.get("project_id") == self.project,
               "the service account is a Google service-account JSON of the project")
        return account


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def is_jwt(token):
    return isinstance(token, str) and token.count(".") == 2


def claims(token):
    """The payload of a JWT, unverified (the server's signature is not what these tests are about)."""
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def refused(call, code):
    """Calls `call`, which must raise the library's `requests.HTTPError`; both libraries raise it as
    `HTTPError(original, answer_text)`. Checks a 400 whose `error.message` is `code` (before any ` : detail`) and
    answers the message."""
    try:
        call()
    except requests.HTTPError as error:
        expect(len(error.args) == 2 and isinstance(error.args[1], str),
               f"the library's HTTPError carries the answer's text: {error.args!r}")
        original, text = error.args
        expect(isinstance(original, requests.HTTPError) and original.response.status_code == 400,
               f"the answer is a 400: {original}")
        message = json.loads(text)["error"]["message"]
        expect(message.split(" : ")[0] == code, f"the answer's message is {code}: {message!r}")
        return message
    raise AssertionError(f"not refused; {code} expected")
