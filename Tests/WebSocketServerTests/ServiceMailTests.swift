import Dispatch
import Synchronization
import XCTest
@testable import WebSocketServer

/// Work queued for a service thread: from another thread it wakes the thread; queued by the
/// service thread for itself it wakes no one and still runs before the thread next waits. A long
/// backlog is carried out a slice at a time, so the thread returns to its sockets in between (a
/// fan-out queues one notification per member).
final class ServiceMailTests: XCTestCase {
    /// The executor of a server's service thread, found through a connection to it.
    private func connectionExecutor() async throws -> ServiceExecutor {
        try await openConnection().server.executor
    }

    func testTheServiceThreadsOwnMailRunsWithoutAWakeUp() async throws {
        let executor = try await connectionExecutor()
        let mailbox = executor.mailbox
        let outer = expectation(description: "work queued from the test ran")
        let inner = expectation(description: "work the service thread queued for itself ran")
        let wakesByOwnPush = Mutex<Int?>(nil)
        // Holds the service thread in the first job while the test counts its own push's wake,
        // so no wake-up the thread sends itself later (for mail a drain left) is counted.
        let counted = DispatchSemaphore(value: 0)

        let beforeTest = mailbox.wakeCount.load(ordering: .relaxed)
        executor.execute {
            counted.wait()
            XCTAssertTrue(executor.isCurrent)
            outer.fulfill()
            let beforeOwn = mailbox.wakeCount.load(ordering: .relaxed)
            executor.execute {
                XCTAssertTrue(executor.isCurrent)
                inner.fulfill()
            }
            wakesByOwnPush.withLock { $0 = mailbox.wakeCount.load(ordering: .relaxed) - beforeOwn }
        }
        // `execute` returns after its wake-up was sent.
        let wakesByTestPush = mailbox.wakeCount.load(ordering: .relaxed) - beforeTest
        counted.signal()

        await fulfillment(of: [outer, inner], timeout: 5, enforceOrder: true)
        XCTAssertEqual(wakesByTestPush, 1, "work from another thread wakes the service thread")
        XCTAssertEqual(wakesByOwnPush.withLock { $0 }, 0, "its own work does not")
    }

    func testABacklogRunsInOrderASliceAPassWakingTheThreadForTheRest() async throws {
        let executor = try await connectionExecutor()
        let mailbox = executor.mailbox
        let backlog = ServerLoop.mailPerTurn * 2 + 88
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ran = Mutex<[Int]>([])
        let allRan = expectation(description: "the whole backlog ran")

        // The service thread waits while the backlog is queued, so all of it is there at once.
        executor.execute {
            blocked.signal()
            release.wait()
        }
        blocked.wait()
        let wakesBefore = mailbox.wakeCount.load(ordering: .relaxed)
        for index in 0..<backlog {
            executor.execute {
                let count = ran.withLock { ran in
                    ran.append(index)
                    return ran.count
                }
                if count == backlog { allRan.fulfill() }
            }
        }
        release.signal()
        await fulfillment(of: [allRan], timeout: 5)

        XCTAssertEqual(ran.withLock { $0 }, Array(0..<backlog), "in the order queued")
        let wakes = mailbox.wakeCount.load(ordering: .relaxed) - wakesBefore
        // One for the first item queued; the rest the thread sent itself for what a slice left.
        XCTAssertGreaterThan(wakes, 1)
    }

    /// A fan-out's jobs each send a patch on the service thread: it is written when the job
    /// ends, with no mail to carry and no look-up of its connection, before the next job.
    func testAMessageSentWhileTheServiceThreadCarriesOutAMailIsWrittenWhenThatMailEnds() async throws {
        let (connection, clientConnection) = try await openConnection()
        let executor = connection.executor
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let unwritten = Mutex<(inTheJob: Int, inTheNext: Int)>((-1, -1))
        let ran = expectation(description: "the jobs ran")
        // Both jobs are queued while the thread waits, so they are carried out in one slice.
        executor.execute {
            blocked.signal()
            release.wait()
        }
        blocked.wait()
        executor.execute {
            XCTAssertEqual(connection.send("a patch"), .queued)
            XCTAssertEqual(connection.send("and another"), .queued)
            unwritten.withLock { $0.inTheJob = connection.queuedBytes }
        }
        executor.execute {
            unwritten.withLock { $0.inTheNext = connection.queuedBytes }
            ran.fulfill()
        }
        release.signal()
        await fulfillment(of: [ran], timeout: 5)

        XCTAssertEqual(unwritten.withLock { $0.inTheJob }, 18, "queued while the job that sent it runs")
        // The first is written when the job ends; the second on the writeable callback it asks
        // for (one write a turn, as a mail's), so only the first is sure to be gone.
        XCTAssertLessThanOrEqual(unwritten.withLock { $0.inTheNext }, 11, "the first written before the next job")
        let first = try await clientConnection.nextMessage()
        let second = try await clientConnection.nextMessage()
        XCTAssertEqual([first, second].map { String(decoding: $0, as: UTF8.self) }, ["a patch", "and another"])
    }

    /// A browse action's reply is sent while its frame is handled, inside lws's receive
    /// callback: it is noted, not mailed, and written before the thread next waits.
    func testAReplySentWhileAFrameIsHandledGoesWithoutAMail() async throws {
        let handler = ReplyingHandler()
        let server = try startServer(serving: handler)
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        let clientConnection = client.connect(port: server.port)
        try await clientConnection.waitUntilOpen()

        for number in 1...3 {
            XCTAssertEqual(clientConnection.send("ask \(number)"), .queued)
            let reply = try await clientConnection.nextMessage()
            XCTAssertEqual(String(decoding: reply, as: UTF8.self), "reply to ask \(number)")
        }
        XCTAssertEqual(handler.seen.withLock { $0 }, [.queuedWithoutMail, .queuedWithoutMail, .queuedWithoutMail])
    }

    /// A patch sent from another thread goes by mail: it is written after the slice of jobs
    /// ahead of it, not after every job queued behind it.
    func testAWriteSentFromAnotherThreadGoesOutBeforeTheJobsQueuedBehindIt() async throws {
        let connection = try await openConnection().server
        let executor = connection.executor
        let backlog = ServerLoop.mailPerTurn * 3
        let unwrittenBytes = Mutex<[Int]>([])
        let allRan = expectation(description: "the backlog ran")
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        // The service thread waits while the backlog and the patch are queued.
        executor.execute {
            blocked.signal()
            release.wait()
        }
        blocked.wait()
        for _ in 0..<backlog {
            executor.execute {
                let count = unwrittenBytes.withLock { seen in
                    seen.append(connection.queuedBytes)
                    return seen.count
                }
                if count == backlog { allRan.fulfill() }
            }
        }
        XCTAssertEqual(connection.send("a patch"), .queued)
        XCTAssertEqual(connection.queuedBytes, 7, "queued, not written, from another thread")
        release.signal()
        await fulfillment(of: [allRan], timeout: 5)

        XCTAssertEqual(unwrittenBytes.withLock { $0 }, Array(repeating: 0, count: backlog), "written before any job behind it ran")
    }

    func testItemsPushedAheadComeOutBeforeTheOthersOldestFirstInEveryWayOut() {
        let mailbox = Mailbox<Int>()
        for item in 1...3 { mailbox.push(item) }
        mailbox.push(101, ahead: true)
        mailbox.push(102, ahead: true)
        XCTAssertTrue(mailbox.drain(upTo: 3) == ([101, 102, 1], true))
        mailbox.push(4)
        mailbox.push(103, ahead: true)
        XCTAssertTrue(mailbox.drain(upTo: 2) == ([103, 2], true))
        mailbox.push(104, ahead: true)
        XCTAssertEqual(mailbox.drain(), [104, 3, 4])
        mailbox.push(5)
        mailbox.push(105, ahead: true)
        XCTAssertEqual(mailbox.close(), [105, 5])
        XCTAssertFalse(mailbox.push(106, ahead: true), "a closed box takes nothing")
    }

    func testDrainUpToALimitTakesTheOldestAndLeavesTheRest() {
        let mailbox = Mailbox<Int>()
        for item in 1...5 { mailbox.push(item) }
        XCTAssertTrue(mailbox.drain(upTo: 2) == ([1, 2], true))
        mailbox.push(6)
        XCTAssertTrue(mailbox.drain(upTo: 10) == ([3, 4, 5, 6], false))
        XCTAssertTrue(mailbox.drain(upTo: 10) == ([], false))
    }

    func testItemsQueuedWhileOlderOnesWaitComeOutAfterThemInEveryWayOut() {
        let mailbox = Mailbox<Int>()
        for item in 1...5 { mailbox.push(item) }
        XCTAssertEqual(mailbox.drain(upTo: 2).items, [1, 2])
        mailbox.push(6)
        mailbox.push(7)
        XCTAssertEqual(mailbox.drain(upTo: 4).items, [3, 4, 5, 6])
        mailbox.push(8)
        XCTAssertEqual(mailbox.drain(), [7, 8])
        for item in 9...12 { mailbox.push(item) }
        XCTAssertEqual(mailbox.drain(upTo: 1).items, [9])
        mailbox.push(13)
        XCTAssertEqual(mailbox.close(), [10, 11, 12, 13])
        XCTAssertFalse(mailbox.push(14), "a closed box takes nothing")
    }

    /// A send on the service thread hands the connection's record to the thread's one promise
    /// (the mailbox's: no closure of the connection's own), mails nothing, and a closed
    /// connection lets its record go.
    func testASendOnTheServiceThreadHandsTheConnectionsRecordToTheThreadsPromise() {
        let mailbox = Mailbox<ServerMail>()
        // This thread serves the box, as an in-process transport's does.
        mailbox.open(signalling: DispatchSemaphore(value: 0))
        let noted = Mutex<[ObjectIdentifier]>([])
        mailbox.writeAfterMail(by: { socket in
            noted.withLock { $0.append(ObjectIdentifier(socket)) }
            return true
        })
        let core = ConnectionCore<ServerMail>(id: 1, queueCapBytes: 1 << 20, mailbox: mailbox)
        final class Record {}
        var record: Record? = Record()
        weak let held = record
        core.writeAfterMail(as: record)
        let recordID = ObjectIdentifier(record!)
        record = nil

        XCTAssertEqual(core.send(.bytes(Array("a patch".utf8)), isBinary: false), .queued)
        XCTAssertEqual(noted.withLock { $0 }, [recordID], "the record is handed to the promise")
        XCTAssertFalse(mailbox.hasMail, "and no mail is queued")
        XCTAssertNotNil(held, "held while the connection is open")
        core.markClosed()
        XCTAssertNil(held, "let go once it closed")
        XCTAssertEqual(core.send(.bytes(Array("late".utf8)), isBinary: false), .closed)
        XCTAssertEqual(noted.withLock { $0 }.count, 1)
        mailbox.writeAfterMail(by: nil)
        _ = mailbox.close()
    }
}

/// Replies to each text message inside the receive callback and notes whether the reply left
/// any mail in the service thread's box.
private final class ReplyingHandler: WebSocketHandler {
    enum Seen: Equatable { case queuedWithoutMail, mailed, notQueued }
    let seen = Mutex<[Seen]>([])

    func connectionOpened(_ connection: Connection) {}

    func connection(_ connection: Connection, didReceiveText text: [UInt8]) {
        let result = connection.send(Array("reply to ".utf8) + text)
        let what: Seen = result != .queued ? .notQueued : connection.executor.mailbox.hasMail ? .mailed : .queuedWithoutMail
        seen.withLock { $0.append(what) }
    }

    func connectionClosed(_ connection: Connection, code: UInt16) {}
}
