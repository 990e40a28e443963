import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceAuth

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    if let server = try IdentityToolkitCommandLine.subject(from: arguments) {
        if let reason = await server.subject.unreachableReason() {
            let advice = "is it running? For the Auth Emulator: firebase emulators:start --only auth"
            FileHandle.standardError.write(Data("conformance: the server at \(server.subject.configuration.baseURL.absoluteString) does not answer (\(reason)); \(advice)\n".utf8))
            exit(CommandOutcome.unavailable)
        }
        await ConformanceCommand.main(subject: server.subject, arguments: server.remaining)
    }
} catch {
    let usage = CommandArguments.usage(subject: "the server")
    FileHandle.standardError.write(Data("conformance: \(error.message)\n\n\(usage)\n".utf8))
    exit(CommandOutcome.usageError)
}
await ConformanceCommand.main(subject: ReferenceSubject(), variants: Defect.variants, arguments: arguments)
