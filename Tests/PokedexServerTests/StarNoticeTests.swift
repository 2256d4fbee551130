@testable import PostgresStorage
import Storage
import XCTest

/// The star statement builds its notice around a seq only the database knows.
final class StarNoticeTests: XCTestCase {
    func testThePayloadAroundTheSeqIsTheChangesNotice() throws {
        let change = FavoriteChange(listID: "0a1b", seq: 42, pokemonID: 25, isFavorite: false, userID: "ff01")
        let (prefix, suffix) = ChangeNotice.favoritePayload(listID: "0a1b", pokemonID: 25, isFavorite: false, userID: "ff01", origin: "beef")
        let payload = prefix + "42" + suffix
        XCTAssertEqual(payload, ChangeNotice.payload(.favorite(change), origin: "beef"))
        let parsed = try XCTUnwrap(ChangeNotice.parse(payload))
        XCTAssertEqual(parsed.origin, "beef")
        XCTAssertEqual(parsed.event, .favorite(change))
    }
}
