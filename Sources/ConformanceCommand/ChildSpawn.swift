import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starting a child process with `posix_spawn` itself, not Foundation's `Process`: on Linux,
/// swift-corelibs-foundation's `Process.run()` (Swift 6.3.1) reads past each `/proc/self/fd` entry it scans to close
/// the parent's descriptors, and now and then crashes a process with many descriptors open
/// (https://github.com/swiftlang/swift-corelibs-foundation/pull/5472). The child gets standard input from
/// `/dev/null`, standard output and error on the descriptors given, and nothing else of the parent.
package enum ChildSpawn {
    /// Why a child could not be started or waited for.
    package struct Failure: Error, CustomStringConvertible { package let description: String }

    /// How a child ended: its exit status, or the signal that ended it (then `status` is the signal's number too,
    /// as Foundation's `terminationStatus` says it).
    package struct Termination: Sendable {
        package let status: Int32
        package let signal: Int32?
    }

    /// Starts `path` with `arguments` and exactly `environment`, its standard output and error on `output` and
    /// `error` (descriptors of the parent, which it keeps), and returns the child's process ID.
    package static func start(
        _ path: String, arguments: [String], environment: [String: String], output: Int32, error: Int32
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        #if os(Linux)
            // glibc 2.34's closefrom action, which the Glibc module does not import.
            guard let closeFrom = addCloseFrom, closeFrom(&actions, 3) == 0 else {
                throw Failure(description: "cannot start \(path): no posix_spawn_file_actions_addclosefrom_np")
            }
        #endif
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard started == 0 else {
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(started)))")
        }
        return pid
    }

    /// Waits for the child `pid` to end.
    package static func wait(_ pid: pid_t) throws(Failure) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw Failure(description: "cannot wait for process \(pid): \(String(cString: strerror(errno)))")
            }
        }
        let signal = status & 0x7f
        return signal == 0
            ? Termination(status: (status >> 8) & 0xff, signal: nil) : Termination(status: signal, signal: signal)
    }

    #if os(Linux)
        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        /// `posix_spawn_file_actions_addclosefrom_np`, looked up in the C library.
        private static let addCloseFrom: AddCloseFrom? = {
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(symbol, to: AddCloseFrom.self)
        }()
    #endif
}
