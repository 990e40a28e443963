import ConformanceKit
import MockIdP

/// A phone-only adapter: the subject, the backend, and a client that implements the core and the phone facet
/// and nothing else. The suite reports every rule of the flows it does not declare as not applicable.
public struct PhoneOnlySubject: ConformanceSubject {
    /// Makes your backend for a project in a world.
    let makeVendorBackend: @Sendable (ProjectConfiguration, World) async throws(ConfigurationError) -> any VendorBackend

    public init(
        makeVendorBackend:
            @escaping @Sendable (ProjectConfiguration, World) async throws(ConfigurationError) -> any VendorBackend
    ) { self.makeVendorBackend = makeVendorBackend }

    public var name: String { "PhoneOnlyExample" }

    public var capabilities: Capabilities { Capabilities(flows: [.phone]) }

    public func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        PhoneOnlyBackend(vendor: try await makeVendorBackend(configuration, world))
    }
}

struct PhoneOnlyBackend: AuthBackend {
    let vendor: any VendorBackend

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        do { return PhoneOnlyClient(app: try await vendor.app(on: device)) } catch { throw AuthError(error) }
    }

    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        do {
            let claims = try await vendor.verify(idToken: idToken)
            return IDTokenClaims(
                uid: claims.userID, signInProvider: ProviderID.phone, phoneNumber: claims.phone,
                issuedAt: claims.issued, expiresAt: claims.expires)
        } catch { throw AuthError(error) }
    }
}
