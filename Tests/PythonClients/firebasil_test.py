"""firebasil (PyPI) against `conformance serve`: its whole auth client, and the emulator routes it reads.

firebasil's `AuthClient` (firebasil/auth/auth.py) speaks to the Auth Emulator when FIREBASE_AUTH_EMULATOR_HOST is set
(read once, when the library is imported): the emulator's layout, `/identitytoolkit.googleapis.com/v1/accounts:*` and
`/securetoken.googleapis.com/v1/token`, and its `/emulator/v1/projects/{p}/…` routes (accounts, config, oobCodes,
verificationCodes). It builds each answer into a dataclass (firebasil/auth/types.py) that takes exactly the fields it
names, so an answer with a field it does not name, or without one it requires, raises TypeError: where its
dataclasses disagree with production's (and the emulator's) answers, the step says so and checks the answer the
server sent.

Run with CONFORMANCE_URL=http://127.0.0.1:PORT (and CONFORMANCE_PROJECT). One line per step; the first failure prints
its error and exits 1.
"""
import asyncio
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid

BASE = os.environ["CONFORMANCE_URL"].rstrip("/")
PROJECT = os.environ.get("CONFORMANCE_PROJECT", "demo-conformance")
os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = urllib.parse.urlsplit(BASE).netloc

import aiohttp  # noqa: E402
from firebasil import exceptions  # noqa: E402
from firebasil.auth import AuthClient  # noqa: E402

API_KEY = "firebasil-test-key"
CLIENT = "firebasil"


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def email(label):
    return f"{CLIENT}-{label}-{uuid.uuid4().hex[:10]}@example.com"


def claims(token):
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


class Steps:
    def __init__(self):
        self.name = None

    def __call__(self, name):
        self.name = name
        return self

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if error is not None:
            print(f"{CLIENT}: FAIL {self.name}: {kind.__name__}: {error}")
            sys.exit(1)
        print(f"{CLIENT}: PASS {self.name}")


async def refused(call, exception, code):
    """`call` must raise firebasil's `exception`, whose body's message starts with `code`."""
    try:
        await call
    except exceptions.AuthRequestException as error:
        expect(type(error) is exception, f"{exception.__name__} expected, {type(error).__name__}: {error}")
        message = error.args[0]["error"]["message"]
        expect(message.split(" : ")[0] == code, f"the message is {code}: {message!r}")
        return
    raise AssertionError(f"not refused; {code} expected")


async def library_refuses(call, error_type, fragment):
    """`call` must raise `error_type` naming `fragment`: where firebasil's own dataclass refuses the answer production
    sends (or reads a field it never sets), after the server answered."""
    try:
        result = await call
    except error_type as error:
        expect(fragment in str(error), f"firebasil's {error_type.__name__} names {fragment}: {error}")
        return
    raise AssertionError(f"firebasil took the answer ({result}): the library has changed; update this step")


async def raw(session, method, path, body=None, headers=None):
    async with session.request(method, BASE + path, json=body, headers=headers or {}) as response:
        return response.status, await response.json(content_type=None)


async def custom_token(session, uid):
    """A custom token signed with the project's service account (its JSON from the server), by openssl."""
    status, account = await raw(session, "GET", f"/emulator/v1/projects/{PROJECT}/serviceAccount",
                                headers={"Authorization": "Bearer owner"})
    expect(status == 200, f"the service account: {status} {account}")

    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()

    now = int(time.time())
    signing_input = part({"alg": "RS256", "typ": "JWT"}) + "." + part({
        "iss": account["client_email"], "sub": account["client_email"], "uid": uid, "iat": now, "exp": now + 3600,
        "aud": "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"})
    with tempfile.NamedTemporaryFile("w", suffix=".pem") as key:
        key.write(account["private_key"])
        key.flush()
        signature = subprocess.run(["openssl", "dgst", "-sha256", "-sign", key.name], input=signing_input.encode(),
                                   capture_output=True, check=True, timeout=30).stdout
    return signing_input + "." + base64.urlsafe_b64encode(signature).rstrip(b"=").decode()


async def main():
    step = Steps()
    timeout = aiohttp.ClientTimeout(total=30)
    async with AuthClient(api_key=API_KEY) as auth, aiohttp.ClientSession(timeout=timeout) as session:
        auth.session._timeout = timeout
        auth.token_session._timeout = timeout

        async def lookup(id_token):
            status, answer = await raw(session, "POST", f"/identitytoolkit.googleapis.com/v1/accounts:lookup"
                                       f"?key={API_KEY}", {"idToken": id_token})
            expect(status == 200 and len(answer.get("users", [])) == 1, f"accounts:lookup: {status} {answer}")
            return answer["users"][0]

        async def oob_code(address, request_type):
            codes = await auth.emulator_get_out_of_band_codes(PROJECT)
            sent = [code for code in codes.oob_codes if code.email == address and code.request_type == request_type]
            expect(sent, f"the oobCodes outbox holds a {request_type} email to {address}")
            return sent[-1].oob_code

        with step("the client reads FIREBASE_AUTH_EMULATOR_HOST: the emulator's routes on the served server"):
            expect(auth.identity_toolkit_url == BASE and auth.use_emulator_routes, f"{auth}")

        address, password = email("user"), "first-password"
        with step("sign_up"):
            user = await auth.sign_up(address, password)
            expect(user.kind == "identitytoolkit#SignupNewUserResponse" and user.email == address, f"{user}")
            expect(user.expires_in.total_seconds() == 3600, f"expires_in: {user.expires_in}")
            uid = user.local_id
            expect(claims(user.id_token)["user_id"] == uid, "the ID token names the user")

        with step("sign_up with a taken email (EmailExists)"):
            await refused(auth.sign_up(address, "another-password"), exceptions.EmailExists, "EMAIL_EXISTS")

        with step("sign_up with a weak password (WeakPassword)"):
            await refused(auth.sign_up(email("weak"), "12345"), exceptions.WeakPassword, "WEAK_PASSWORD")

        with step("sign_in_with_password"):
            signed_in = await auth.sign_in_with_password(address, password)
            expect(signed_in.local_id == uid and signed_in.registered is True, f"{signed_in}")
            expect(signed_in.kind == "identitytoolkit#VerifyPasswordResponse", f"kind: {signed_in.kind}")

        with step("sign_in_with_password with a wrong password (InvalidPassword)"):
            await refused(auth.sign_in_with_password(address, "wrong-password"), exceptions.InvalidPassword,
                          "INVALID_PASSWORD")

        with step("sign_in_with_password with an unknown email (EmailNotFound)"):
            await refused(auth.sign_in_with_password(email("nobody"), password), exceptions.EmailNotFound,
                          "EMAIL_NOT_FOUND")

        # firebasil's UserInfoItem requires `salt` (and `passwordUpdatedAt`, `validSince`, `lastRefreshAt`): the
        # emulator's lookup answers a user's salt, production's never does (its `passwordHash` is `UkVEQUNURUQ=`,
        # "REDACTED"), so get_user_data raises TypeError against production and this server alike.
        with step("get_user_data: the account production answers, which firebasil's dataclass refuses (no salt)"):
            await library_refuses(auth.get_user_data(signed_in.id_token), TypeError, "'salt'")
            account = await lookup(signed_in.id_token)
            expect(account["localId"] == uid and account["email"] == address and account["emailVerified"] is False
                   and account["passwordHash"] == "UkVEQUNURUQ=" and "salt" not in account, f"{account}")

        with step("refresh"):
            refreshed = await auth.refresh(signed_in.refresh_token)
            expect(refreshed.user_id == uid and refreshed.project_id and refreshed.token_type == "Bearer",
                   f"{refreshed}")
            expect(claims(refreshed.id_token)["user_id"] == uid, "a new ID token of the user")

        with step("update_profile"):
            photo = "https://example.com/ada.png"
            updated = await auth.update_profile(refreshed.id_token, display_name="Ada", photo_url=photo)
            expect(updated.display_name == "Ada" and updated.photo_url == photo, f"{updated}")

        with step("update_profile deleting the display name and the photo"):
            updated = await auth.update_profile(refreshed.id_token, delete_display_name=True, delete_photo=True)
            expect(updated.display_name is None and updated.photo_url is None, f"{updated}")

        with step("send_email_verification, then the code from emulator_get_out_of_band_codes"):
            sent = await auth.send_email_verification(refreshed.id_token, locale="fr")
            expect(sent.email == address and sent.kind == "identitytoolkit#GetOobConfirmationCodeResponse", f"{sent}")
            code = await oob_code(address, "VERIFY_EMAIL")

        with step("confirm_email_verification"):
            confirmed = await auth.confirm_email_verification(code)
            expect(confirmed.email == address and confirmed.email_verified is True, f"{confirmed}")

        with step("confirm_email_verification with the used code (InvalidOobCode)"):
            await refused(auth.confirm_email_verification(code), exceptions.InvalidOobCode, "INVALID_OOB_CODE")

        second_password = "second-password"
        with step("change_password"):
            # Production revokes by whole seconds: the server's clock moves on one, so the old session ends.
            status, _ = await raw(session, "POST", f"/emulator/v1/projects/{PROJECT}/clock:advance", {"seconds": 1})
            expect(status == 200, f"clock:advance answered {status}")
            changed = await auth.change_password(refreshed.id_token, second_password)
            expect(changed.local_id == uid and changed.email == address, f"{changed}")
            await refused(auth.sign_in_with_password(address, password), exceptions.InvalidPassword,
                          "INVALID_PASSWORD")
            signed_in = await auth.sign_in_with_password(address, second_password)

        with step("refresh with the refresh token the password change ended (TokenExpired)"):
            await refused(auth.refresh(refreshed.refresh_token), exceptions.TokenExpired, "TOKEN_EXPIRED")

        third_password = "third-password"
        with step("send_password_reset_email, verify_password_reset_code, confirm_password_reset"):
            sent = await auth.send_password_reset_email(address, locale="fr")
            expect(sent.email == address, f"{sent}")
            code = await oob_code(address, "PASSWORD_RESET")
            verified = await auth.verify_password_reset_code(code)
            expect(verified.email == address and verified.request_type == "PASSWORD_RESET", f"{verified}")
            reset = await auth.confirm_password_reset(code, third_password)
            expect(reset.email == address and reset.request_type == "PASSWORD_RESET", f"{reset}")
            signed_in = await auth.sign_in_with_password(address, third_password)
            await refused(auth.confirm_password_reset(code, "fourth-password"), exceptions.InvalidOobCode,
                          "INVALID_OOB_CODE")

        # firebasil's EmailProviders takes `registered` and `allProviders` only; production's answer
        # (CreateAuthUriResponse) has `kind` and `signinMethods` too, as the emulator's has: it raises TypeError on any
        # server. The answer is checked as the library sent the request.
        with step("get_associated_providers: the answer production sends, which firebasil's dataclass refuses"):
            await library_refuses(auth.get_associated_providers(address, "http://localhost"), TypeError, "'kind'")
            status, answer = await raw(session, "POST", f"/identitytoolkit.googleapis.com/v1/accounts:createAuthUri"
                                       f"?key={API_KEY}", {"identifier": address, "continueUri": "http://localhost"})
            expect(status == 200 and answer.get("registered") is True and answer.get("allProviders") == ["password"]
                   and answer.get("signinMethods") == ["password"], f"{status} {answer}")

        moved = email("moved")
        with step("change_email"):
            changed = await auth.change_email(signed_in.id_token, moved, locale="fr")
            expect(changed.email == moved and changed.local_id == uid, f"{changed}")
            signed_in = await auth.sign_in_with_password(moved, third_password)

        # firebasil's UnlinkProviderResponse has no `kind`, which production's SetAccountInfoResponse (and the
        # emulator's) carries: unlink_provider raises TypeError once the server has unlinked.
        with step("unlink_provider password: unlinked, in an answer firebasil's dataclass refuses (kind)"):
            await library_refuses(auth.unlink_provider(signed_in.id_token, ["password"]), TypeError, "'kind'")
            account = await lookup(signed_in.id_token)
            expect(account["localId"] == uid and not account.get("providerUserInfo"), f"unlinked: {account}")

        with step("delete_account"):
            await auth.delete_account(signed_in.id_token)
            await refused(auth.get_user_data(signed_in.id_token), exceptions.UserNotFound, "USER_NOT_FOUND")

        with step("sign_in_anonymous"):
            anonymous = await auth.sign_in_anonymous()
            expect(claims(anonymous.id_token)["firebase"]["sign_in_provider"] == "anonymous", f"{anonymous}")

        linked_address = email("linked")
        with step("link_account_with_email_and_password (an anonymous user keeps its ID)"):
            linked = await auth.link_account_with_email_and_password(anonymous.id_token, linked_address, password)
            expect(linked.local_id == anonymous.local_id and linked.email == linked_address, f"{linked}")

        # The experimental OAuth calls send `postBody` `id_token=…&providerId=…`, as a provider's ID token is sent; the
        # served server reaches GitHub and Apple only once pointed at provider endpoints (the suite's checks do so),
        # and refuses a sign-in with a provider before that as production refuses a provider it has not enabled.
        with step("sign_in_with_oauth and link_account_with_oauth_credential: refused, no provider being reachable"):
            await refused(auth.sign_in_with_oauth("http://localhost", "an-id-token", "apple.com", True),
                          exceptions.OperationNotAllowed, "OPERATION_NOT_ALLOWED")
            await refused(auth.link_account_with_oauth_credential(anonymous.id_token, "http://localhost", "an-id-token",
                                                                  "apple.com", True),
                          exceptions.OperationNotAllowed, "OPERATION_NOT_ALLOWED")

        with step("sign_in_with_custom_token (a token of the project's service account)"):
            token = await custom_token(session, f"{CLIENT}-{uuid.uuid4().hex[:10]}")
            custom = await auth.sign_in_with_custom_token(token)
            expect(custom.is_new_user is True and claims(custom.id_token)["firebase"]["sign_in_provider"] == "custom",
                   f"{custom}")

        with step("sign_in_with_custom_token with a token that is not one (InvalidCustomToken)"):
            await refused(auth.sign_in_with_custom_token("not-a-token"), exceptions.InvalidCustomToken,
                          "INVALID_CUSTOM_TOKEN")

        # firebasil's EmulatorSmsCodes reads `sms_codes`, a field it never sets (firebasil/auth/types.py), so
        # emulator_get_sms_codes raises AttributeError on any server; the route it reads is checked as it asks it.
        with step("emulator_get_sms_codes: the verificationCodes outbox, as the emulator lists it"):
            status, sent = await raw(session, "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode"
                                     f"?key={API_KEY}", {"phoneNumber": "+16505550142"})
            expect(status == 200, f"sendVerificationCode: {status} {sent}")
            await library_refuses(auth.emulator_get_sms_codes(PROJECT), AttributeError, "sms_codes")
            status, codes = await raw(session, "GET", f"/emulator/v1/projects/{PROJECT}/verificationCodes")
            sent_code = [code for code in codes.get("verificationCodes", [])
                         if code.get("sessionInfo") == sent["sessionInfo"]]
            expect(status == 200 and len(sent_code) == 1 and sent_code[0]["phoneNumber"] == "+16505550142"
                   and len(sent_code[0]["code"]) == 6, f"{status} {codes}")

        # firebasil's EmulatorConfigurtion takes `signIn` and `usageMode`, the emulator's config of its time; today's
        # emulator answers `signIn` and `emailPrivacyConfig` (firebase-tools src/emulator/auth/operations.ts
        # getEmulatorProjectConfig), as this server does, which the dataclass refuses.
        with step("emulator_get_configuration: the emulator's config answer, which firebasil's dataclass refuses"):
            await library_refuses(auth.emulator_get_configuration(PROJECT), TypeError, "email_privacy_config")
            status, configuration = await raw(session, "GET", f"/emulator/v1/projects/{PROJECT}/config")
            expect(status == 200 and configuration == {"signIn": {"allowDuplicateEmails": False},
                                                       "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}},
                   f"{status} {configuration}")

        with step("emulator_update_configuration: one account per email is taken, duplicates refused"):
            await library_refuses(auth.emulator_update_configuration(PROJECT, allow_duplicate_emails=False), TypeError,
                                  "email_privacy_config")
            try:
                await auth.emulator_update_configuration(PROJECT, allow_duplicate_emails=True)
                raise AssertionError("duplicate emails were allowed")
            except exceptions.AuthRequestException as error:
                expect("allowDuplicateEmails" in error.args[0]["error"]["message"], f"{error}")

        with step("emulator_clear_accounts"):
            await auth.emulator_clear_accounts(PROJECT)
            await refused(auth.sign_in_with_password(linked_address, password), exceptions.EmailNotFound,
                          "EMAIL_NOT_FOUND")


asyncio.run(main())
