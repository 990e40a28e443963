import ConformanceKit
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM, delivered as a value instead of ending the process, so that the server stops cleanly.
enum StopSignal {
    /// Waits for the first SIGINT or SIGTERM and answers its name.
    static func next() async -> String {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(name) }
            source.resume()
            sources.append(source)
        }
        for await name in stream {
            sources.forEach { $0.cancel() }
            return name
        }
        return "end of input"
    }
}
