"""firebase-rest-api (PyPI, `import firebase`) against `conformance serve`: every auth call it offers a project serves.

Run with CONFORMANCE_URL=http://127.0.0.1:PORT (and CONFORMANCE_PROJECT). Its `Auth` sends every call on the app's
session (`app.requests`), so the test mounts the redirecting adapter there (served.py). Not driven: the Google and
Facebook sign-in (`authenticate_login_with_*`, `create_authentication_uri`, `sign_in_with_oauth_credential`), which
need the provider's OAuth client and its token endpoint, and `verify_id_token`, which reads Google's X.509 certificate
list of the secure-token keys, a page no project serves. One line per step; the first failure prints its requests
and answers and exits 1.
"""
import datetime
import json
import math
import os
import warnings

warnings.simplefilter("ignore", DeprecationWarning)  # python_jwt announces its own deprecation.

import firebase  # noqa: E402
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import rsa  # noqa: E402

from served import Served, claims, expect, is_jwt, refused  # noqa: E402

API_KEY = "firebase-rest-api-test-key"
CUSTOM_TOKEN_AUDIENCE = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"


def main():
    served = Served("firebase-rest-api", os.environ["CONFORMANCE_URL"],
                    os.environ.get("CONFORMANCE_PROJECT", "demo-conformance"), API_KEY)
    project = served.project
    config = {"apiKey": API_KEY, "authDomain": f"{project}.firebaseapp.com", "projectId": project,
              "databaseURL": f"https://{project}.firebaseio.com", "storageBucket": f"{project}.appspot.com"}

    def app(**extra):
        made = firebase.initialize_app({**config, **extra})
        served.redirect(made.requests)
        return made

    auth = app().auth()
    step = served.step

    def account(id_token):
        users = auth.get_account_info(id_token)["users"]
        expect(len(users) == 1, f"get_account_info answers one user: {users}")
        return users[0]

    def expires_at(session):
        """The library adds `expiresAt`: now + expiresIn - 60 s, in whole seconds."""
        now = datetime.datetime.today().timestamp()
        return isinstance(session.get("expiresAt"), int) and abs(session["expiresAt"] - math.floor(now + 3540)) <= 5

    email, password = served.email("user"), "first-password"
    with step("create_user_with_email_and_password"):
        user = auth.create_user_with_email_and_password(email, password)
        expect(user.get("kind") == "identitytoolkit#SignupNewUserResponse", f"kind: {user.get('kind')}")
        expect(user.get("email") == email and isinstance(user.get("localId"), str), "the new user's email and ID")
        expect(is_jwt(user.get("idToken")) and isinstance(user.get("refreshToken"), str), "an ID and a refresh token")
        expect(user.get("expiresIn") == "3600", f"expiresIn is \"3600\": {user.get('expiresIn')!r}")
        uid = user["localId"]
        expect(claims(user["idToken"]).get("user_id") == uid, "the ID token names the user")

    with step("create_user_with_email_and_password with a taken email (EMAIL_EXISTS)"):
        refused(lambda: auth.create_user_with_email_and_password(email, "another-password"), "EMAIL_EXISTS")

    with step("sign_in_with_email_and_password"):
        session = auth.sign_in_with_email_and_password(email, password)
        expect(session.get("kind") == "identitytoolkit#VerifyPasswordResponse", f"kind: {session.get('kind')}")
        expect(session.get("localId") == uid and session.get("email") == email, "the same user")
        expect(session.get("registered") is True, "registered is true")
        expect(is_jwt(session.get("idToken")) and isinstance(session.get("refreshToken"), str), "fresh tokens")
        expect(expires_at(session), f"expiresAt from expiresIn: {session.get('expiresAt')}")

    with step("sign_in_with_email_and_password with a wrong password (INVALID_PASSWORD)"):
        refused(lambda: auth.sign_in_with_email_and_password(email, "wrong-password"), "INVALID_PASSWORD")

    with step("sign_in_with_email_and_password with an unknown email (EMAIL_NOT_FOUND)"):
        refused(lambda: auth.sign_in_with_email_and_password(served.email("nobody"), password), "EMAIL_NOT_FOUND")

    with step("get_account_info"):
        answer = auth.get_account_info(session["idToken"])
        expect(answer.get("kind") == "identitytoolkit#GetAccountInfoResponse", f"kind: {answer.get('kind')}")
        info = answer["users"][0]
        expect(info["localId"] == uid and info["email"] == email and info["emailVerified"] is False,
               "the user, email not verified")
        expect([provider["providerId"] for provider in info["providerUserInfo"]] == ["password"],
               "the password provider")
        expect(int(info["createdAt"]) > 0 and int(info["lastLoginAt"]) > 0, "createdAt and lastLoginAt (ms, as text)")

    with step("refresh"):
        refreshed = auth.refresh(session["refreshToken"])
        expect(set(refreshed) == {"localId", "idToken", "refreshToken", "expiresIn", "expiresAt"},
               f"the library's shape: {sorted(refreshed)}")
        expect(refreshed["localId"] == uid and is_jwt(refreshed["idToken"]), "the same user, a new ID token")
        expect(refreshed["expiresIn"] == "3600" and expires_at(refreshed), f"expiresIn: {refreshed['expiresIn']!r}")
        expect(account(refreshed["idToken"])["localId"] == uid, "the refreshed ID token reaches the account")
        session = refreshed

    with step("send_email_verification"):
        sent = auth.send_email_verification(session["idToken"])
        expect(sent == {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}, f"answer: {sent}")
        code = served.oob_code(email, "VERIFY_EMAIL")

    # The library offers no call that applies the code; the link's page would call accounts:update {oobCode}.
    with step("the verification code applied (accounts:update {oobCode}) verifies the email"):
        status, applied = served.call("accounts:update", {"oobCode": code})
        expect(status == 200 and applied.get("email") == email and applied.get("emailVerified") is True,
               f"accounts:update answers the verified email: {status} {applied}")
        expect(account(session["idToken"])["emailVerified"] is True, "get_account_info: emailVerified")

    # update_profile sends v3 setAccountInfo with the key `photoURL` (always, null when not given). setAccountInfo is
    # accounts:update under its legacy path, and the Identity Toolkit REST reference for accounts:update
    # (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts/update) names the field `photoUrl`;
    # Google's front end refuses a field name the API does not have before the call is served. The server answers as
    # production does, so every update_profile of firebase-rest-api 1.11.0 is refused and changes nothing.
    unknown_photo_url = 'Invalid JSON payload received. Unknown name "photoURL": Cannot find field.'
    photo = "https://example.com/ada.png"
    with step("update_profile with a display name and a photo is refused (photoURL is not a field of setAccountInfo)"):
        refused(lambda: auth.update_profile(session["idToken"], "Ada", photo), unknown_photo_url)
        info = account(session["idToken"])
        expect("displayName" not in info and "photoUrl" not in info, "the profile is unchanged")

    with step("update_profile deleting the display name is refused too (photoURL: null is still an unknown name)"):
        refused(lambda: auth.update_profile(session["idToken"], delete_attribute=["DISPLAY_NAME"]), unknown_photo_url)

    with step("accounts:update with photoUrl, production's field name (sent plainly), sets the profile"):
        status, updated = served.call("accounts:update", {"idToken": session["idToken"], "displayName": "Ada",
                                                          "photoUrl": photo, "returnSecureToken": True})
        expect(status == 200 and updated.get("displayName") == "Ada" and updated.get("photoUrl") == photo,
               f"the answer holds the profile: {status} {updated}")
        info = account(session["idToken"])
        expect(info.get("displayName") == "Ada" and info.get("photoUrl") == photo, "get_account_info holds it")

    second_password = "second-password"
    with step("change_password"):
        served.let_a_second_pass()
        changed = auth.change_password(session["idToken"], second_password)
        expect(changed.get("kind") == "identitytoolkit#SetAccountInfoResponse", f"kind: {changed.get('kind')}")
        expect(changed.get("localId") == uid and changed.get("email") == email, f"the same user: {changed}")
        expect(is_jwt(changed.get("idToken")) and isinstance(changed.get("refreshToken"), str), "new tokens")
        refused(lambda: auth.sign_in_with_email_and_password(email, password), "INVALID_PASSWORD")
        refused(lambda: auth.refresh(session["refreshToken"]), "TOKEN_EXPIRED")
        session = auth.sign_in_with_email_and_password(email, second_password)
        expect(session["localId"] == uid, "the new password signs in")

    third_password = "third-password"
    with step("send_password_reset_email"):
        sent = auth.send_password_reset_email(email)
        expect(sent == {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}, f"answer: {sent}")
        code = served.oob_code(email, "PASSWORD_RESET")

    with step("verify_password_reset_code with the emailed code"):
        reset = auth.verify_password_reset_code(code, third_password)
        expect(reset.get("kind") == "identitytoolkit#ResetPasswordResponse" and reset.get("email") == email
               and reset.get("requestType") == "PASSWORD_RESET", f"answer: {reset}")
        session = auth.sign_in_with_email_and_password(email, third_password)
        expect(session["localId"] == uid, "the new password signs in")
        refused(lambda: auth.sign_in_with_email_and_password(email, second_password), "INVALID_PASSWORD")
        refused(lambda: auth.verify_password_reset_code(code, "fourth-password"), "INVALID_OOB_CODE")

    new_email = served.email("moved")
    with step("change_email"):
        changed = auth.change_email(session["idToken"], new_email)
        expect(changed.get("kind") == "identitytoolkit#SetAccountInfoResponse", f"kind: {changed.get('kind')}")
        expect(changed.get("localId") == uid and changed.get("email") == new_email, f"the new email: {changed}")
        expect(is_jwt(changed.get("idToken")), "a new ID token")
        info = account(changed["idToken"])
        expect(info["email"] == new_email and info["emailVerified"] is False, "the new email, not verified yet")
        session = auth.sign_in_with_email_and_password(new_email, third_password)
        expect(session["localId"] == uid, "the new email signs in")
        refused(lambda: auth.sign_in_with_email_and_password(email, third_password), "EMAIL_NOT_FOUND")

    with step("sign_in_anonymous"):
        anonymous = auth.sign_in_anonymous()
        expect(anonymous.get("kind") == "identitytoolkit#SignupNewUserResponse", f"kind: {anonymous.get('kind')}")
        expect(is_jwt(anonymous.get("idToken")) and isinstance(anonymous.get("refreshToken"), str), "tokens")
        expect(expires_at(anonymous), f"expiresAt from expiresIn: {anonymous.get('expiresAt')}")
        expect(claims(anonymous["idToken"])["firebase"]["sign_in_provider"] == "anonymous", "an anonymous session")
        info = account(anonymous["idToken"])
        expect(info["localId"] == anonymous["localId"] and "email" not in info and not info.get("providerUserInfo"),
               f"an account with no email and no provider: {info}")

    custom_uid = served.email("custom").split("@")[0]
    with step("create_custom_token with the project's service account"):
        service_account = served.service_account()
        custom_auth = app(serviceAccount=service_account).auth()
        token = custom_auth.create_custom_token(custom_uid, {"premium": True})
        payload = claims(token)
        expect(payload["iss"] == payload["sub"] == service_account["client_email"] and payload["uid"] == custom_uid
               and payload["aud"] == CUSTOM_TOKEN_AUDIENCE and payload.get("claims") == {"premium": True},
               f"a custom token of the service account, with the claims: {payload}")

    with step("sign_in_with_custom_token"):
        custom = custom_auth.sign_in_with_custom_token(token)
        expect(custom.get("kind") == "identitytoolkit#VerifyCustomTokenResponse", f"kind: {custom.get('kind')}")
        expect(is_jwt(custom.get("idToken")) and isinstance(custom.get("refreshToken"), str), "tokens")
        expect(expires_at(custom), f"expiresAt from expiresIn: {custom.get('expiresAt')}")
        payload = claims(custom["idToken"])
        expect(payload["user_id"] == custom_uid and payload["firebase"]["sign_in_provider"] == "custom",
               f"the ID token names the uid, signed in by a custom token: {payload}")
        expect(payload.get("premium") is True, f"the ID token carries the custom token's claims: {payload}")
        expect(account(custom["idToken"])["localId"] == custom_uid, "get_account_info finds the uid")

    # set_custom_user_claims is an admin call: setAccountInfo {localId, customAttributes} with the service account's
    # OAuth access token. Google's OAuth server is not here, so the credentials hold the access token the Auth
    # Emulator's convention gives the project's owner, `owner` (a token the credentials hold is not fetched again).
    with step("set_custom_user_claims: the user's next ID token carries the claims, and the lookup answers them"):
        custom_auth.credentials.token = "owner"
        expect(custom_auth.set_custom_user_claims(custom_uid, {"plan": "gold"}) is None, "no answer but success")
        refreshed = custom_auth.refresh(custom["refreshToken"])
        expect(refreshed["localId"] == custom_uid, "the session goes on")
        expect(claims(refreshed["idToken"]).get("plan") == "gold", "the refreshed ID token carries the claim")
        expect(json.loads(account(refreshed["idToken"]).get("customAttributes", "{}")) == {"plan": "gold"},
               "get_account_info answers the claims (customAttributes)")

    with step("sign_in_with_custom_token with a token another key signed (INVALID_CUSTOM_TOKEN)"):
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
        forged = app(serviceAccount={**service_account, "private_key": pem}).auth().create_custom_token(custom_uid)
        refused(lambda: auth.sign_in_with_custom_token(forged), "INVALID_CUSTOM_TOKEN")

    with step("sign_in_with_custom_token with a garbage token (INVALID_CUSTOM_TOKEN)"):
        refused(lambda: auth.sign_in_with_custom_token("not-a-custom-token"), "INVALID_CUSTOM_TOKEN")

    with step("delete_user_account"):
        deleted = auth.delete_user_account(session["idToken"])
        expect(deleted == {"kind": "identitytoolkit#DeleteAccountResponse"}, f"answer: {deleted}")
        refused(lambda: auth.sign_in_with_email_and_password(new_email, third_password), "EMAIL_NOT_FOUND")
        refused(lambda: auth.get_account_info(session["idToken"]), "USER_NOT_FOUND")

    print("firebase-rest-api: all passed")


if __name__ == "__main__":
    main()
