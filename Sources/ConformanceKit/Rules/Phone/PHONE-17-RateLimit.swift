import MockIdP

extension Rule {
    public static let phone17 = Rule(
        "PHONE-17", .should, flow: .phone,
        title: "Too many verification requests for a number or from a device are refused",
        statement: """
            Too many verification requests for one number (from any number of devices) or from one device (for any \
            numbers) in a short time are refused with tooManyRequests [17010] or quotaExceeded [17052], and no SMS is \
            sent. Requests made at the same time count as they arrive: a burst past the limit gets no more texts than \
            the limit allows.
            """,
        sources: [
            .firebaseAuthLimits(
                section: """
                    Phone number sign-in limits: verification requests per IP address; verification SMS to one phone \
                    number within a period
                    """), .firebaseAuthErrorCode(section: "tooManyRequests (17010), quotaExceeded (17052)"),
        ],
        hint: """
            if this fails, check that the verification limit is counted per number across devices and per device \
            across numbers, that a refused request answers tooManyRequests or quotaExceeded before any SMS, and that a \
            request is counted before its SMS is sent (not after), so requests made at the same time cannot all get \
            through
            """,
        checks: [
            Check(
                id: "one-number-one-device",
                "the request past the configured limit for one number, from one device, is refused without an SMS"
            ) { context in
                let backend = try await context.makeBackend(.standard.with(\.phone.verificationLimit.maxRequests, 3))
                let app = try await context.launch(backend)
                try await context.expectRefusedAfterLimit(
                    requests: [(app, PhoneNumbers.us), (app, PhoneNumbers.us), (app, PhoneNumbers.us)],
                    then: (app, PhoneNumbers.us))
            },
            Check(
                id: "one-number-many-devices",
                "the request past the limit for one number is refused also when the requests come from several devices"
            ) { context in
                let backend = try await context.makeBackend(.standard.with(\.phone.verificationLimit.maxRequests, 3))
                let apps = try await [Device("device-1"), Device("device-2"), Device("device-3"), Device("device-4")]
                    .asyncMap { try await context.launch(backend, on: $0) }
                try await context.expectRefusedAfterLimit(
                    requests: apps.prefix(3).map { ($0, PhoneNumbers.us) }, then: (apps[3], PhoneNumbers.us))
            },
            Check(
                id: "one-device-many-numbers",
                "the request past the limit from one device is refused also when it asks for other numbers each time"
            ) { context in
                let backend = try await context.makeBackend(.standard.with(\.phone.verificationLimit.maxRequests, 3))
                let app = try await context.launch(backend)
                let numbers = ["+16505550111", "+16505550112", "+16505550113", "+16505550114"]
                try await context.expectRefusedAfterLimit(
                    requests: numbers.prefix(3).map { (app, $0) }, then: (app, numbers[3]))
            },
            Check(
                id: "concurrent-burst",
                """
                a burst for one number from three devices at the same time, one past the limit, gets no more texts \
                than the limit
                """, requires: [.worldParties]
            ) { context in
                let backend = try await context.makeBackend(.standard.with(\.phone.verificationLimit.maxRequests, 2))
                let devices = [Device("device-1"), Device("device-2"), Device("device-3")]
                let apps = try await devices.asyncMap { try await context.launch(backend, on: $0) }
                let outcomes = try await context.atOnceWithTextsHeld(
                    zip(devices, apps).map { device, app in
                        ConcurrentCall("verifyPhoneNumber(\"\(PhoneNumbers.us)\") on \(device)") {
                            try await app.verifyPhoneNumber(PhoneNumbers.us)
                        }
                    })
                let texts = context.world.outbound.readAllSMS(to: PhoneNumbers.us)
                try expect(
                    texts.count <= 2,
                    "3 requests made at the same time (limit 2) texted \(PhoneNumbers.us) more often than the limit",
                    expected: "at most 2 texts, the request past the limit refused", actual: "\(texts.count) texts")
                let refused = zip(devices, outcomes).filter { if case .failure = $1 { true } else { false } }
                try await expectEveryCase(refused, "requests of the burst that failed") { device, outcome in
                    try await expectFailure(
                        .tooManyRequests, .quotaExceeded,
                        when: "verifyPhoneNumber(\"\(PhoneNumbers.us)\") on \(device), in a burst past the limit"
                    ) { try outcome.get() }
                }
            },
        ])
}

extension CheckContext {
    /// The `requests` (exactly the limit) succeed; the next one is refused and texts nobody.
    fileprivate func expectRefusedAfterLimit(
        requests: [(any AuthClient, String)], then last: (any AuthClient, String), filePath: String = #filePath,
        line: Int = #line
    ) async throws {
        for (client, number) in requests {
            _ = try await requestCode(number, on: client, filePath: filePath, line: line)
        }
        _ = world.outbound.finish()
        try await expectFailure(
            .tooManyRequests, .quotaExceeded,
            when: """
                verifyPhoneNumber(\"\(last.1)\"), request \(requests.count + 1) within an hour (limit \
                \(requests.count))
                """, filePath: filePath, line: line
        ) { try await last.0.verifyPhoneNumber(last.1) }
        try world.outbound.expectNothingElse("the request past the limit was refused", filePath: filePath, line: line)
    }
}

extension Array where Element: Sendable {
    /// `map` with an async transform, one element after the other.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
