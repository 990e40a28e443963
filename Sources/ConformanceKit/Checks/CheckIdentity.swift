/// The addresses and provider accounts a check signs up and signs in with. Against a subject whose accounts outlive
/// a check (a shared project the suite cannot empty: ``Capabilities/keepsAccountsBetweenChecks``) each check's are its
/// own, `ada.k7q2m9@example.com`, so that no check depends on an empty project and none meets another's accounts;
/// against any other subject they are the plain `ada@example.com` the rules' documentation shows.
package enum CheckIdentity {
    /// The running check's mark, empty unless the subject keeps accounts between checks (set by the runner around
    /// each check).
    @TaskLocal
    package static var tag = ""

    /// `local@domain` with the running check's mark: `ada.k7q2m9@example.com`, or `ada@example.com` unmarked. A near
    /// miss of an address (`adb`, `example.co`) is written through this too, so that it stays a near miss of the
    /// check's own address and the address of nobody.
    package static func email(_ local: String, at domain: String = "example.com") -> String {
        tag.isEmpty ? "\(local)@\(domain)" : "\(local).\(tag)@\(domain)"
    }

    /// A provider's account number with the running check's mark: `base` unmarked, else `base` plus a number the
    /// mark decides (so the check's GitHub user is a user of its own).
    package static func number(_ base: Int) -> Int { tag.isEmpty ? base : base + 1_000_000 * (1 + offset(of: tag)) }

    /// A provider's opaque user identifier with the running check's mark: `base`, or `base.k7q2m9…`.
    package static func identifier(_ base: String) -> String { tag.isEmpty ? base : "\(base).\(tag)" }

    /// A number from 0 to 999 999 that `tag` decides: the mark read in base 36, folded.
    static func offset(of tag: String) -> Int {
        tag.unicodeScalars.reduce(0) { ($0 * 36 + Int($1.value)) % 1_000_003 } % 1_000_000
    }

    /// The world's seed for a check with mark `tag`: `seed` unmarked, else mixed with the mark, so that what the world
    /// makes up at random (an Apple relay address, a GitHub code) is not the same in every check on a project the
    /// checks share.
    static func seed(_ seed: UInt64, marked tag: String) -> UInt64 {
        tag.isEmpty ? seed : seed &+ UInt64(offset(of: tag)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// A new mark, unique to the run and the check: 10 letters and digits, lowercase (so that an address written in
    /// another case is another spelling of the same address).
    static func newTag() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
