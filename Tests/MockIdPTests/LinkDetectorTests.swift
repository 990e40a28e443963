import Foundation
import MockIdP
import Testing

@Suite("Links in an email, as a mail client finds them")
struct LinkDetectorTests {
    static let link = "https://demo.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=XYZ&lang=en"

    @Test(
        "the link is found, whole and only once",
        arguments: [
            "Follow this link:\n\(link)\nThanks", "Open \(link).", "Open \(link), then come back!", "(\(link))",
            "Tap <\(link)> to verify.", "<a href=\"\(link.replacingOccurrences(of: "&", with: "&amp;"))\">Verify</a>",
            "<a href='\(link.replacingOccurrences(of: "&", with: "&#38;"))'>Verify</a>",
            "<a class=button HREF=\(link.replacingOccurrences(of: "&", with: "&amp;"))>Verify</a> or \(link).",
            "<p>Or paste \(link.replacingOccurrences(of: "&", with: "&amp;")).</p>",
        ])
    func found(_ body: String) {
        #expect(LinkDetector.links(in: body).map(\.absoluteString) == [Self.link], "in \(body.debugDescription)")
    }

    @Test("links keep their order; non-web links and text are ignored")
    func order() {
        let body = """
            First https://a.example/1, then <a href='https://b.example/2'>two</a> and mailto:x@example.com, \
            ftp://c.example.
            """
        #expect(LinkDetector.links(in: body).map(\.absoluteString) == ["https://a.example/1", "https://b.example/2"])
    }

    @Test("a balanced parenthesis belongs to the link")
    func parentheses() {
        #expect(
            LinkDetector.links(in: "See https://en.example/wiki/E.164_(standard).").map(\.absoluteString) == [
                "https://en.example/wiki/E.164_(standard)"
            ])
    }
}
