/// Each caller returns once `count` callers have arrived.
actor Barrier {
    let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func arriveAndWait() async {
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == count { for waiter in waiting { waiter.resume() } }
        }
    }
}
