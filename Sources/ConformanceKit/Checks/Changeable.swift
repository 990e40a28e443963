/// A value a check starts from and changes where it uses it, one field at a time:
/// `.standard.with(\.phone.codeLifetime, .seconds(120))`. It is how a check changes the project configuration
/// and the action-code settings; a change several checks share is a named value built the same way.
package protocol Changeable {}

extension Changeable {
    /// This value with `keyPath` set to `value`.
    package func with<T>(_ keyPath: WritableKeyPath<Self, T>, _ value: T) -> Self {
        var changed = self
        changed[keyPath: keyPath] = value
        return changed
    }
}

extension ProjectConfiguration: Changeable {}
extension ActionCodeSettings: Changeable {}
extension OAuthProviderSettings: Changeable {}
