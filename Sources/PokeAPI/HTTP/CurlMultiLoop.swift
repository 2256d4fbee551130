import CCurl
import Foundation
import PokemonClient

/// The curl thread: owns the multi handle and every easy handle, and is the only code that
/// touches them. Created on that thread and never shared.
final class CurlMultiLoop {
    private let inbox: TransferInbox
    private let multi: UnsafeMutableRawPointer
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var easyByID: [UInt64: UnsafeMutableRawPointer] = [:]
    /// Cancels that overtook their own start command.
    private var cancelledBeforeStart: Set<UInt64> = []

    init(inbox: TransferInbox) {
        self.inbox = inbox
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed") }
        self.multi = multi
    }

    func run() {
        while true {
            let (commands, shutDown) = inbox.take()
            if shutDown {
                for case let .start(id, _, continuation) in commands {
                    inbox.finish(id)
                    continuation.resume(throwing: PokemonClientError.network("the HTTP client was shut down"))
                }
                break
            }
            commands.forEach(handle)
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            finishCompletedTransfers()
            var wake = curl_waitfd(fd: inbox.wakeReadFD, events: Int16(CURL_WAIT_POLLIN), revents: 0)
            curl_multi_poll(multi, &wake, 1, 1000, nil)
            if wake.revents != 0 { inbox.drainWakeUps() }
        }
        for easy in Array(transfers.keys) {
            end(easy, with: .failure(PokemonClientError.network("the HTTP client was shut down")))
        }
        curl_multi_cleanup(multi)
        inbox.closePipe()
    }

    private func handle(_ command: CurlCommand) {
        switch command {
        case let .start(id, request, continuation):
            if cancelledBeforeStart.remove(id) != nil {
                inbox.finish(id)
                continuation.resume(throwing: CancellationError())
                return
            }
            do {
                let transfer = try CurlTransfer(id: id, request: request, continuation: continuation)
                curl_multi_add_handle(multi, transfer.easy)
                transfers[transfer.easy] = transfer
                easyByID[id] = transfer.easy
            } catch {
                inbox.finish(id)
                continuation.resume(throwing: error)
            }
        case let .cancel(id):
            if let easy = easyByID[id] {
                // Removing an unfinished transfer makes curl close its connection.
                end(easy, with: .failure(CancellationError()))
            } else if inbox.isLive(id) {
                cancelledBeforeStart.insert(id)
            }
        }
    }

    private func finishCompletedTransfers() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = transfers[easy] else { continue }
            end(easy, with: transfer.outcome(message.pointee.data.result))
        }
    }

    private func end(_ easy: UnsafeMutableRawPointer, with outcome: Result<HTTPResponse, any Error>) {
        guard let transfer = transfers.removeValue(forKey: easy) else { return }
        easyByID[transfer.id] = nil
        curl_multi_remove_handle(multi, easy)
        transfer.close()
        inbox.finish(transfer.id)
        transfer.continuation.resume(with: outcome)
    }
}
