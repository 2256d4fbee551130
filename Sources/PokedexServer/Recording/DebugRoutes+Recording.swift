import Foundation
import WebSocketServer

extension DebugRoutes {
    static let recordingSuffix = "/recording"

    /// A session's recording as JSON Lines (`docs/RECORDING.md`): the live session's, else the
    /// file an ended one left in `directory`.
    func recording(id: String) -> HTTPResponse {
        let headers = ["cache-control": "no-store", "content-disposition": "attachment; filename=\"\(SessionRecording.fileName(session: id))\""]
        if let recording = registry.session(id: id)?.recording {
            return HTTPResponse(contentType: "application/jsonl", headers: headers, body: recording.jsonLines)
        }
        if let recordingDirectory, !id.isEmpty,
           let data = FileManager.default.contents(atPath: (recordingDirectory as NSString).appendingPathComponent(SessionRecording.fileName(session: id))) {
            return HTTPResponse(contentType: "application/jsonl", headers: headers, body: Array(data))
        }
        return .text("no recording of a session with that id\n", status: 404)
    }
}
