"""The Firebase Admin SDK for Python (firebase-admin, from PyPI) against `conformance serve`.

Run with FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:PORT (the SDK then sends its admin calls to
/identitytoolkit.googleapis.com/v1/projects/{project}/accounts... with `Authorization: Bearer owner`).
Every request is bounded in time; the script exits non-zero on the first unexpected answer.
"""
import base64
import json
import os
import sys
import urllib.error
import urllib.request

import firebase_admin
from firebase_admin import auth, exceptions

PROJECT = os.environ.get("CONFORMANCE_PROJECT", "demo-conformance")
HOST = os.environ["FIREBASE_AUTH_EMULATOR_HOST"]


def client_call(path, body, prefix="identitytoolkit.googleapis.com/v1"):
    """A client's call (with an API key), as an app's SDK makes it: the status and the JSON answer. The JS SDK sends
    `identitytoolkit.googleapis.com/v1/accounts:*`; the iOS and Android SDKs `www.googleapis.com/identitytoolkit/v3/
    relyingparty/<endpoint>` (firebase-ios-sdk IdentityToolkitRequest.swift)."""
    request = urllib.request.Request(
        f"http://{HOST}/{prefix}/{path}?key=admin-sdk-test",
        data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def refresh(refresh_token):
    request = urllib.request.Request(
        f"http://{HOST}/securetoken.googleapis.com/v1/token?key=admin-sdk-test",
        data=f"grant_type=refresh_token&refresh_token={refresh_token}".encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def expect(condition, what):
    if not condition:
        print(f"FAIL: {what}")
        sys.exit(1)
    print(f"ok: {what}")


def let_a_second_pass():
    """The served server's time control: its clock moves on a second, as production revokes by whole seconds (a
    session begun in the second of a password change or a revocation survives it)."""
    request = urllib.request.Request(
        f"http://{HOST}/emulator/v1/projects/{PROJECT}/clock:advance?seconds=1", data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status


def reset_accounts():
    """The emulator's test hook: every account of the project goes."""
    request = urllib.request.Request(f"http://{HOST}/emulator/v1/projects/{PROJECT}/accounts", method="DELETE")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status


def custom_tokens(uid):
    """firebase-admin's create_custom_token, with the served project's service account as its credential, signs the
    user in through the SDKs' call (`accounts:signInWithCustomToken`, as the JS SDK sends it); a token the SDK mints
    for the emulator (unsigned, `alg: none`) is refused, as production refuses any token its service account did not
    sign."""
    request = urllib.request.Request(
        f"http://{HOST}/emulator/v1/projects/{PROJECT}/serviceAccount", headers={"Authorization": "Bearer owner"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        key_file = json.load(answer)
    expect(key_file.get("type") == "service_account", "the served project publishes its service account's key file")
    emulator_host = os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST")
    try:
        # Outside the emulator's switch the SDK signs with the credential (RS256), as against production.
        signer = firebase_admin.initialize_app(firebase_admin.credentials.Certificate(key_file), name="signer")
        token = auth.create_custom_token(uid, app=signer).decode()
    finally:
        os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = emulator_host
    status, session = client_call("accounts:signInWithCustomToken", {"token": token, "returnSecureToken": True})
    # Production's answer names no localId (SignInWithCustomTokenResponse): the ID token names the user.
    payload = session.get("idToken", "..").split(".")[1]
    user_id = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).get("user_id")
    expect(status == 200 and user_id == uid and session.get("isNewUser") is False,
           "create_custom_token signed by the service account signs the user in (signInWithCustomToken)")
    unsigned = auth.create_custom_token(uid).decode()
    status, refused = client_call("accounts:signInWithCustomToken", {"token": unsigned, "returnSecureToken": True})
    expect(status == 400 and refused["error"]["message"].startswith("INVALID_CUSTOM_TOKEN"),
           "an unsigned custom token (what the SDK mints for the emulator) is refused: INVALID_CUSTOM_TOKEN")


def main():
    expect(reset_accounts() == 200, "DELETE /emulator/v1/projects/{project}/accounts empties the project")
    firebase_admin.initialize_app(options={"projectId": PROJECT})

    user = auth.create_user(email="ada@example.com", password="first-password", display_name="Ada")
    expect(user.uid and user.email == "ada@example.com", "create_user answers the new user")
    expect(auth.get_user(user.uid).display_name == "Ada", "get_user finds it by uid")
    expect(auth.get_user_by_email("ADA@example.com").uid == user.uid, "get_user_by_email finds it in any letter case")
    provider = auth.get_user(user.uid).provider_data[0]
    expect(provider.provider_id == "password" and provider.uid == "ada@example.com",
           "get_user lists the password provider, its ID the email (providerUserInfo rawId)")

    try:
        auth.create_user(email="ada@example.com", password="another-password")
        expect(False, "a second user with the same email is refused")
    except auth.EmailAlreadyExistsError:
        expect(True, "a second user with the same email is refused (EmailAlreadyExistsError)")

    status, session = client_call("accounts:signInWithPassword", {"email": "ada@example.com", "password": "first-password", "returnSecureToken": True})
    expect(status == 200 and session.get("refreshToken"), "the user signs in with the password")
    expect(auth.verify_id_token(session["idToken"], check_revoked=True)["uid"] == user.uid,
           "verify_id_token(check_revoked=True) accepts the session's ID token")
    legacy = "www.googleapis.com/identitytoolkit/v3/relyingparty"
    status, signed_in = client_call("verifyPassword", {"email": "ada@example.com", "password": "first-password", "returnSecureToken": True, "clientType": "CLIENT_TYPE_IOS"}, legacy)
    expect(status == 200 and signed_in.get("localId") == user.uid and signed_in.get("registered") is True
           and signed_in.get("kind") == "identitytoolkit#VerifyPasswordResponse",
           "the iOS SDK's route (v3 verifyPassword) signs the same user in, in production's shape")
    status, account = client_call("getAccountInfo", {"idToken": signed_in["idToken"]}, legacy)
    federated = [info.get("federatedId") for info in account["users"][0]["providerUserInfo"]]
    expect(status == 200 and federated == ["ada@example.com"], "v3 getAccountInfo names the password provider's federatedId")

    let_a_second_pass()
    auth.update_user(user.uid, password="second-password")
    status, _ = client_call("accounts:signInWithPassword", {"email": "ada@example.com", "password": "first-password", "returnSecureToken": True})
    expect(status == 400, "the old password no longer signs in after update_user(password=)")
    status, _ = refresh(session["refreshToken"])
    expect(status == 400, "the session from before the new password cannot refresh (the emulator keeps it alive)")
    try:
        auth.verify_id_token(session["idToken"], check_revoked=True)
        expect(False, "verify_id_token(check_revoked=True) refuses the ID token from before the new password")
    except auth.RevokedIdTokenError:
        expect(True, "verify_id_token(check_revoked=True) refuses the ID token from before the new password "
               "(RevokedIdTokenError: the new password moved validSince past its iat)")

    status, session = client_call("accounts:signInWithPassword", {"email": "ada@example.com", "password": "second-password", "returnSecureToken": True})
    expect(status == 200, "the new password signs in")

    link = auth.generate_sign_in_with_email_link(
        "ada@example.com", auth.ActionCodeSettings(url=f"https://{PROJECT}.firebaseapp.com/finish", handle_code_in_app=True))
    expect("mode=signIn" in link and "oobCode=" in link, "generate_sign_in_with_email_link answers a sign-in link")
    try:
        auth.generate_sign_in_with_email_link(
            "ada@example.com", auth.ActionCodeSettings(url="https://attacker.example/finish", handle_code_in_app=True))
        expect(False, "a continue URL on an unauthorized domain is refused")
    except exceptions.InvalidArgumentError as error:
        expect("UNAUTHORIZED_DOMAIN" in str(error), "a continue URL on an unauthorized domain is refused (UNAUTHORIZED_DOMAIN; the emulator checks none)")

    metadata = auth.get_user(user.uid).user_metadata
    expect(metadata.last_refresh_timestamp is not None and metadata.last_refresh_timestamp >= metadata.creation_timestamp,
           "get_user reports user_metadata.last_refresh_timestamp (lastRefreshAt, RFC 3339)")
    let_a_second_pass()
    status, _ = refresh(session["refreshToken"])
    later = auth.get_user(user.uid).user_metadata.last_refresh_timestamp
    expect(status == 200 and later >= metadata.last_refresh_timestamp + 1000,
           "a refresh a second later moves last_refresh_timestamp on by that second")

    let_a_second_pass()
    auth.revoke_refresh_tokens(user.uid)
    status, _ = refresh(session["refreshToken"])
    expect(status == 400, "revoke_refresh_tokens ends the session: its refresh token is refused")
    expect(auth.get_user(user.uid).tokens_valid_after_timestamp > 0, "get_user reports tokens_valid_after_timestamp")

    custom_tokens(user.uid)

    auth.delete_user(user.uid)
    try:
        auth.get_user(user.uid)
        expect(False, "a deleted user is not found")
    except auth.UserNotFoundError:
        expect(True, "a deleted user is not found (UserNotFoundError)")
    print("admin SDK test: all passed")


if __name__ == "__main__":
    main()
