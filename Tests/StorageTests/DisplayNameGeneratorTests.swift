import SeededRandom
import XCTest
@testable import Storage

final class DisplayNameGeneratorTests: XCTestCase {
    func testGeneratedNamesAreAdjectiveNounNumberAndValid() throws {
        var generator = SeededGenerator(seed: 7)

        for _ in 0..<500 {
            let name = DisplayNameGenerator.generate(using: &generator)
            let parts = name.split(separator: " ").map(String.init)
            XCTAssertEqual(parts.count, 3, name)
            XCTAssertTrue(DisplayNameGenerator.adjectives.contains(parts[0]), name)
            XCTAssertTrue(DisplayNameGenerator.nouns.contains(parts[1]), name)
            XCTAssertTrue((1...999).contains(Int(parts[2]) ?? 0), name)
            XCTAssertEqual(try DisplayName.validated(name), name)
        }
    }

    func testSameSeedGivesSameNamesAndNamesVary() {
        var first = SeededGenerator(seed: 42)
        var second = SeededGenerator(seed: 42)

        let names = (0..<20).map { _ in DisplayNameGenerator.generate(using: &first) }

        XCTAssertEqual(names, (0..<20).map { _ in DisplayNameGenerator.generate(using: &second) })
        XCTAssertGreaterThan(Set(names).count, 15)
    }
}
