@testable import PokeAPI
import XCTest

final class CSVReaderTests: XCTestCase {
    private func rows(_ text: String) throws -> [[String]] {
        let reader = try CSVReader(file: "test.csv", bytes: Array(text.utf8))
        var rows: [[String]] = []
        try reader.forEachRow { row in rows.append(row.fields.indices.map(row.string)) }
        return rows
    }

    func testPlainRowsWithLFAndCRLFAndNoFinalNewline() throws {
        XCTAssertEqual(try rows("a,b\n1,2\r\n3,4"), [["1", "2"], ["3", "4"]])
    }

    func testQuotedFieldsKeepSeparatorsNewlinesAndEscapedQuotes() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n"
        XCTAssertEqual(try rows(text), [["x, y", "say \"hi\"", "two\nlines"]])
    }

    func testEmptyFieldsBlankLinesAndUTF8() throws {
        XCTAssertEqual(try rows("a,b,c\n,,\n\nピカチュウ,é,\n"), [["", "", ""], ["ピカチュウ", "é", ""]])
    }

    func testHeaderColumnsAndNumbers() throws {
        let reader = try CSVReader(file: "t.csv", bytes: Array("id,base\n7,\n".utf8))
        XCTAssertEqual(try reader.column("base"), 1)
        XCTAssertThrowsError(try reader.column("missing"))
        try reader.forEachRow { row in
            XCTAssertEqual(try row.int(0), 7)
            XCTAssertNil(try row.optionalInt(1))
        }
    }

    func testANonNumberIsAnErrorNamingFileAndLine() throws {
        let reader = try CSVReader(file: "t.csv", bytes: Array("id\n1\nx2\n".utf8))
        XCTAssertThrowsError(try reader.forEachRow { _ = try $0.int(0) }) { error in
            XCTAssertEqual((error as? CSVError)?.line, 3)
            XCTAssertEqual((error as? CSVError)?.file, "t.csv")
        }
    }
}
