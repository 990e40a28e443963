extension Optional {
    /// The wrapped value for a message, or `nil`.
    package var shown: String { map { "\($0)" } ?? "nil" }
}

/// A value as a failure message shows it: errors with their type, sign-ins by uid, long strings shortened.
func describe(_ value: Any) -> String {
    switch value {
    case let error as any Error & CustomStringConvertible: "\(type(of: error)) \(error)"
    case let result as AuthDataResult: "signed in uid \(result.user.uid)"
    case let string as String: "\"\(string.abbreviated)\""
    default: "\(value)"
    }
}
