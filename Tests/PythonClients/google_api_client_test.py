"""google-api-python-client (PyPI, `googleapiclient`) against `conformance serve`: the calls no other client here makes.

The library builds the Identity Toolkit v1 and v2 services from the discovery documents it bundles
(`static_discovery=True`), pointed at the server's root with `client_options={"api_endpoint": …}` (the documents' root
URL is `https://identitytoolkit.googleapis.com/`, their paths `v1/…` and `v2/…`), with a developer key (`?key=`).
Everything happens in a tenant of its own, configured through the v2 config API by the library (its owner's
`Authorization: Bearer owner` added by the transport): TOTP second factors on, a password policy enforced. Then:
the policy (`v2.getPasswordPolicy`, the tenant's and the project's), sign-up and a password change refused by it, the
email verified with the code from the `oobCodes` outbox, an SMS and a TOTP second factor enrolled (the SMS code read
from the `verificationCodes` outbox, the TOTP code computed here, RFC 6238, from the shared secret and the server's
clock), a sign-in finished with each, a wrong and a stale TOTP code refused, `v2.accounts.revokeToken` refused (the
tenant reaches no Apple), and `v2.getRecaptchaConfig`. One line per step; the first failure exits 1.

Run with CONFORMANCE_URL=http://127.0.0.1:PORT (and CONFORMANCE_PROJECT).
"""
import base64
import calendar
import hashlib
import hmac
import json
import os
import struct
import time
import warnings

warnings.simplefilter("ignore", DeprecationWarning)

import httplib2  # noqa: E402
from googleapiclient.discovery import build  # noqa: E402
from googleapiclient.errors import HttpError  # noqa: E402

from served import TIMEOUT, Served, claims, expect, is_jwt  # noqa: E402

API_KEY = "google-api-test-key"
TENANT = "google-api-client"


class OwnerHttp(httplib2.Http):
    """The transport of the config API's calls: the owner's token, as the emulator takes an administrator's."""

    def request(self, uri, method="GET", body=None, headers=None, **kwargs):
        headers = dict(headers or {}, Authorization="Bearer owner")
        return super().request(uri, method=method, body=body, headers=headers, **kwargs)


def service(version, base, http=None):
    return build("identitytoolkit", version, developerKey=API_KEY, static_discovery=True,
                 client_options={"api_endpoint": f"{base}/"}, http=http or httplib2.Http(timeout=TIMEOUT))


def refused(request, code):
    """Executes `request`, which must fail with a 400 whose `error.message` is `code` before any ` : detail`."""
    try:
        request.execute()
    except HttpError as error:
        message = json.loads(error.content)["error"]["message"]
        expect(error.resp.status == 400, f"a 400: {error.resp.status} {message}")
        expect(message.split(" : ")[0] == code, f"the answer's message is {code}: {message!r}")
        return message
    raise AssertionError(f"not refused; {code} expected")


def totp_code(secret, at, intervals_later=0):
    """RFC 6238: HMAC-SHA1 of the count of 30-second intervals, dynamically truncated to 6 digits."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at) // 30 + intervals_later), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def main():
    served = Served("google-api-python-client", os.environ["CONFORMANCE_URL"],
                    os.environ.get("CONFORMANCE_PROJECT", "demo-conformance"), API_KEY)
    project, step = served.project, served.step
    hooks = f"{served.base}/emulator/v1/projects/{project}/tenants/{TENANT}"
    v1, v2 = service("v1", served.base), service("v2", served.base)
    admin = service("v2", served.base, http=OwnerHttp(timeout=TIMEOUT))

    def outbox(name):
        response = served.session.get(f"{hooks}/{name}", timeout=TIMEOUT)
        response.raise_for_status()
        return response.json()[name]

    def server_time(advance=0):
        """The tenant's clock after moving it on (from then on it moves only so)."""
        response = served.session.post(f"{hooks}/clock:advance", json={"seconds": advance}, timeout=TIMEOUT)
        response.raise_for_status()
        now = response.json()["now"]
        return calendar.timegm(time.strptime(now[:19], "%Y-%m-%dT%H:%M:%S"))

    with step("v2 projects.tenants.patch: TOTP second factors and an enforced password policy"):
        tenant = admin.projects().tenants().patch(
            name=f"projects/{project}/tenants/{TENANT}", updateMask="mfaConfig.providerConfigs,passwordPolicyConfig",
            body={"mfaConfig": {"providerConfigs": [{"state": "ENABLED",
                                                     "totpProviderConfig": {"adjacentIntervals": 1}}]},
                  "passwordPolicyConfig": {"passwordPolicyEnforcementState": "ENFORCE", "passwordPolicyVersions": [
                      {"customStrengthOptions": {"minPasswordLength": 10, "containsNumericCharacter": True}}]}},
        ).execute()
        totp = tenant["mfaConfig"]["providerConfigs"][0]["totpProviderConfig"]
        expect(totp == {"adjacentIntervals": 1}, f"the tenant's TOTP config: {tenant['mfaConfig']}")

    with step("v2 getPasswordPolicy: the tenant's enforced policy, the project's default"):
        policy = v2.v2().getPasswordPolicy(tenantId=TENANT).execute()
        expect(policy["enforcementState"] == "ENFORCE", f"enforced: {policy}")
        expect(policy["customStrengthOptions"] == {"minPasswordLength": 10, "containsNumericCharacter": True},
               f"the tenant's options: {policy['customStrengthOptions']}")
        expect(policy["schemaVersion"] == 1 and "!" in policy["allowedNonAlphanumericCharacters"], f"{policy}")
        default = v2.v2().getPasswordPolicy().execute()
        expect(default["enforcementState"] == "OFF" and default["customStrengthOptions"]["minPasswordLength"] == 6,
               f"the project configured none: {default}")

    email = served.email("mfa")
    with step("v1 accounts.signUp with a password the policy refuses (PASSWORD_DOES_NOT_MEET_REQUIREMENTS)"):
        refused(v1.accounts().signUp(body={"email": email, "password": "no-digits-at-all", "tenantId": TENANT}),
                "PASSWORD_DOES_NOT_MEET_REQUIREMENTS")

    password = "has-digits-42"
    with step("v1 accounts.signUp, sendOobCode VERIFY_EMAIL and update with the code: a verified user"):
        user = v1.accounts().signUp(
            body={"email": email, "password": password, "tenantId": TENANT, "returnSecureToken": True}).execute()
        expect(is_jwt(user["idToken"]) and claims(user["idToken"])["firebase"].get("tenant") == TENANT, f"{user}")
        v1.accounts().sendOobCode(body={"requestType": "VERIFY_EMAIL", "idToken": user["idToken"]}).execute()
        code = [c for c in outbox("oobCodes") if c["email"] == email and c["requestType"] == "VERIFY_EMAIL"][-1]
        v1.accounts().update(body={"oobCode": code["oobCode"], "tenantId": TENANT}).execute()
        found = v1.accounts().lookup(body={"idToken": user["idToken"]}).execute()["users"][0]
        expect(found.get("emailVerified") is True, f"the email is verified: {found}")

    with step("v1 accounts.update with a password the policy refuses (PASSWORD_DOES_NOT_MEET_REQUIREMENTS)"):
        refused(v1.accounts().update(body={"idToken": user["idToken"], "password": "short1"}),
                "PASSWORD_DOES_NOT_MEET_REQUIREMENTS")

    phone = "+16505550142"
    with step("v2 accounts.mfaEnrollment start and finalize: an SMS second factor, its code from the outbox"):
        started = v2.accounts().mfaEnrollment().start(
            body={"idToken": user["idToken"], "phoneEnrollmentInfo": {"phoneNumber": phone}}).execute()
        session_info = started["phoneSessionInfo"]["sessionInfo"]
        code = [c for c in outbox("verificationCodes") if c["sessionInfo"] == session_info][-1]["code"]
        enrolled = v2.accounts().mfaEnrollment().finalize(body={
            "idToken": user["idToken"], "displayName": "phone",
            "phoneVerificationInfo": {"sessionInfo": session_info, "code": code}}).execute()
        expect(is_jwt(enrolled["idToken"]), f"new tokens: {enrolled}")

    with step("v2 accounts.mfaEnrollment start and finalize: a TOTP second factor, its code computed here"):
        started = v2.accounts().mfaEnrollment().start(
            body={"idToken": enrolled["idToken"], "totpEnrollmentInfo": {}}).execute()
        info = started["totpSessionInfo"]
        expect(info["hashingAlgorithm"] == "SHA1" and info["verificationCodeLength"] == 6 and
               info["periodSec"] == 30 and "finalizeEnrollmentTime" in info, f"totpSessionInfo: {info}")
        secret, now = info["sharedSecretKey"], server_time()
        wrong = v2.accounts().mfaEnrollment().finalize(body={
            "idToken": enrolled["idToken"], "totpVerificationInfo": {
                "sessionInfo": info["sessionInfo"], "verificationCode": totp_code(secret, now, 3)}})
        refused(wrong, "INVALID_CODE")
        enrolled = v2.accounts().mfaEnrollment().finalize(body={
            "idToken": enrolled["idToken"], "displayName": "authenticator", "totpVerificationInfo": {
                "sessionInfo": info["sessionInfo"], "verificationCode": totp_code(secret, now)}}).execute()
        expect(claims(enrolled["idToken"])["firebase"].get("sign_in_second_factor") == "totp", f"{enrolled}")

    with step("v1 accounts.lookup: both factors in mfaInfo (phoneInfo, totpInfo)"):
        factors = v1.accounts().lookup(body={"idToken": enrolled["idToken"]}).execute()["users"][0]["mfaInfo"]
        by_kind = {("totp" if "totpInfo" in f else "phone"): f for f in factors}
        expect(set(by_kind) == {"phone", "totp"} and by_kind["phone"]["phoneInfo"] == phone, f"mfaInfo: {factors}")

    def first_factor():
        answer = v1.accounts().signInWithPassword(
            body={"email": email, "password": password, "tenantId": TENANT}).execute()
        expect("mfaPendingCredential" in answer and len(answer["mfaInfo"]) == 2, f"a second factor asked: {answer}")
        return answer["mfaPendingCredential"]

    with step("v2 accounts.mfaSignIn start and finalize with the SMS factor"):
        pending = first_factor()
        started = v2.accounts().mfaSignIn().start(body={
            "mfaPendingCredential": pending, "mfaEnrollmentId": by_kind["phone"]["mfaEnrollmentId"],
            "phoneSignInInfo": {"phoneNumber": phone}, "tenantId": TENANT}).execute()
        session_info = started["phoneResponseInfo"]["sessionInfo"]
        code = [c for c in outbox("verificationCodes") if c["sessionInfo"] == session_info][-1]["code"]
        signed_in = v2.accounts().mfaSignIn().finalize(body={
            "mfaPendingCredential": pending, "phoneVerificationInfo": {"sessionInfo": session_info, "code": code},
            "tenantId": TENANT}).execute()
        expect(claims(signed_in["idToken"])["firebase"].get("sign_in_second_factor") == "phone", f"{signed_in}")

    with step("v2 accounts.mfaSignIn finalize with the TOTP factor, after clock:advance (a stale code refused)"):
        pending, stale = first_factor(), totp_code(secret, now)
        now = server_time(advance=300)

        def finalize(code):
            return v2.accounts().mfaSignIn().finalize(body={
                "mfaPendingCredential": pending, "mfaEnrollmentId": by_kind["totp"]["mfaEnrollmentId"],
                "totpVerificationInfo": {"verificationCode": code}, "tenantId": TENANT})
        refused(finalize(stale), "INVALID_CODE")
        signed_in = finalize(totp_code(secret, now, -1)).execute()
        expect(claims(signed_in["idToken"])["firebase"].get("sign_in_second_factor") == "totp", f"{signed_in}")

    with step("v2 accounts.revokeToken: refused where no Apple is reached (OPERATION_NOT_ALLOWED)"):
        refused(v2.accounts().revokeToken(body={
            "idToken": signed_in["idToken"], "providerId": "apple.com", "tokenType": "CODE", "token": "code",
            "tenantId": TENANT}), "OPERATION_NOT_ALLOWED")

    with step("v2 getRecaptchaConfig: reCAPTCHA Enterprise off for every provider"):
        config = v2.v2().getRecaptchaConfig(clientType="CLIENT_TYPE_WEB", version="RECAPTCHA_ENTERPRISE").execute()
        states = {s["provider"]: s["enforcementState"] for s in config["recaptchaEnforcementState"]}
        expect(states and set(states.values()) == {"OFF"} and config["recaptchaKey"].startswith("projects/"),
               f"{config}")

    print("google-api-python-client: all passed")


if __name__ == "__main__":
    main()
