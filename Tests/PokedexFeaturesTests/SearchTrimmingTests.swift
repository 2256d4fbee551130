import Foundation
@testable import PokedexFeatures
import XCTest

/// A list's query trims its search as `CharacterSet.whitespaces` does, asking Foundation only
/// when an end of the search is blank.
final class SearchTrimmingTests: XCTestCase {
    func testTrimmingIsFoundationsWhitespaceTrimming() {
        let searches = [
            "", " ", "\t", "pika", " pika", "pika ", "  pi ka  ", "\tchar\t", "\npika\n", "pika\n",
            "\u{00A0}bulba\u{3000}", "\u{2003}", "é", "ピカ ", "\u{200B}pika", "pi\u{00A0}",
        ]
        for search in searches {
            XCTAssertEqual(
                PokemonListFeature.State.trimmed(search), search.trimmingCharacters(in: .whitespaces),
                "\(search.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
