import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PokedexServer
import XCTest

/// `--sprites DIR`: `/sprites/{id}.png` from the folder's files, and placeholders for the rest.
final class SpriteFolderRouteTests: ServerTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 9]

    override func configure(_ options: inout ServerOptions) {
        let folder = directory + "/sprites"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/25.png", contents: Data(png))
        options.spritesDirectory = folder
    }

    func get(_ path: String) async throws -> (status: Int, type: String?, body: [UInt8]) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), Array(data))
    }

    func testServesTheFolderAndPlaceholdersForTheRest() async throws {
        let pikachu = try await get("/sprites/25.png")
        XCTAssertEqual(pikachu.status, 200)
        XCTAssertEqual(pikachu.type, "image/png")
        XCTAssertEqual(pikachu.body, png)
        let raichu = try await get("/sprites/26.png")
        XCTAssertEqual(raichu.type, "image/svg+xml")
        XCTAssertTrue(String(decoding: raichu.body, as: UTF8.self).contains("#026"))
    }
}
