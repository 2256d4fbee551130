import Foundation

/// A small RFC 4180 reader over UTF-8 bytes: quoted fields, `""` escapes, LF or CRLF rows.
/// Rows are handed out as byte ranges, so numbers are parsed without making strings and only
/// the text fields a caller keeps become `String`s.
struct CSVReader {
    let file: String
    private let bytes: [UInt8]
    /// Column positions by header name.
    let columns: [String: Int]

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CSVError(file: path, line: 0, message: "cannot read the file")
        }
        try self.init(file: path, bytes: Array(data))
    }

    init(file: String, bytes: [UInt8]) throws {
        self.file = file
        self.bytes = bytes
        var header: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = 0
            var fields: [CSVRow.Field] = []
            if Self.readRow(buffer, from: &cursor, into: &fields) {
                header = fields.indices.map { CSVRow(bytes: buffer, fields: fields, line: 1).string($0) }
            }
        }
        columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position of column `name`, or an error naming the file.
    func column(_ name: String) throws -> Int {
        guard let position = columns[name] else {
            throw CSVError(file: file, line: 1, message: "no column \"\(name)\"")
        }
        return position
    }

    /// Calls `body` with each data row (the header is skipped; blank lines are ignored).
    func forEachRow(_ body: (CSVRow) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            var cursor = 0
            var fields: [CSVRow.Field] = []
            var line = 0
            while Self.readRow(buffer, from: &cursor, into: &fields) {
                line += 1
                guard line > 1, !(fields.count == 1 && fields[0].range.isEmpty) else { continue }
                do {
                    try body(CSVRow(bytes: buffer, fields: fields, line: line))
                } catch let error as CSVRow.FieldError {
                    throw CSVError(file: file, line: line, message: error.message)
                }
            }
        }
    }

    /// Reads one row's field ranges from `cursor`; `false` at the end of the data.
    private static func readRow(
        _ bytes: UnsafeBufferPointer<UInt8>, from cursor: inout Int, into fields: inout [CSVRow.Field]
    ) -> Bool {
        guard cursor < bytes.count else { return false }
        fields.removeAll(keepingCapacity: true)
        var index = cursor
        while true {
            var field: CSVRow.Field
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                // Quoted: runs to a quote not followed by another quote.
                let start = index + 1
                index = start
                var escaped = false
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                            escaped = true
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                field = .init(range: start..<min(index, bytes.count), hasEscapedQuotes: escaped)
                index += 1
                // Anything between the closing quote and the separator is kept out of the field.
                while index < bytes.count, !isSeparator(bytes[index]) { index += 1 }
            } else {
                let start = index
                while index < bytes.count, !isSeparator(bytes[index]) { index += 1 }
                field = .init(range: start..<index, hasEscapedQuotes: false)
            }
            fields.append(field)
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            // At "\r\n", "\n" or the end of the data.
            if index < bytes.count, bytes[index] == 0x0D { index += 1 }
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
            cursor = index
            return true
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D
    }
}

/// One data row: typed access to its fields by column position.
struct CSVRow {
    struct Field {
        var range: Range<Int>
        var hasEscapedQuotes: Bool
    }

    struct FieldError: Error {
        var message: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let fields: [Field]
    let line: Int

    func string(_ column: Int) -> String {
        guard column < fields.count else { return "" }
        let field = fields[column]
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[field.range]), as: UTF8.self)
        return field.hasEscapedQuotes ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
    }

    /// The field as a non-negative decimal integer; `nil` when empty.
    func optionalInt(_ column: Int) throws -> Int? {
        guard column < fields.count else { throw FieldError(message: "missing column \(column + 1)") }
        let range = fields[column].range
        if range.isEmpty { return nil }
        var value = 0
        for index in range {
            let digit = bytes[index] &- 48
            guard digit < 10 else { throw FieldError(message: "\"\(string(column))\" is not a number") }
            value = value * 10 + Int(digit)
        }
        return value
    }

    func int(_ column: Int) throws -> Int {
        guard let value = try optionalInt(column) else { throw FieldError(message: "empty number in column \(column + 1)") }
        return value
    }
}

/// A CSV file that could not be read as expected.
public struct CSVError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}
