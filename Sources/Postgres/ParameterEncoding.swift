import CPostgres

/// A parameter in PostgreSQL's text format, with the type it is sent as (0: let the server infer).
struct EncodedParameter {
    let type: Oid
    /// Nil for SQL NULL.
    let text: String?

    init(_ value: PostgresValue) throws {
        switch value {
        case .null:
            (type, text) = (0, nil)
        case let .bool(flag):
            (type, text) = (TypeOID.bool, flag ? "t" : "f")
        case let .integer(number):
            (type, text) = (TypeOID.int8, String(number))
        case let .double(number):
            (type, text) = (TypeOID.float8, Self.text(of: number))
        case let .text(string):
            // Text parameters are C strings: a NUL would cut the value short without a word
            // (and PostgreSQL's text cannot hold one anyway).
            guard !string.utf8.contains(0) else {
                throw PostgresError(
                    code: PostgresError.characterNotInRepertoire,
                    message: "PostgreSQL text cannot hold a NUL character; send it as bytea"
                )
            }
            (type, text) = (0, string)
        case let .bytea(bytes):
            (type, text) = (TypeOID.bytea, "\\x" + Self.hex(bytes))
        }
    }

    /// Swift's shortest round-tripping form; PostgreSQL spells the special values its own way.
    private static func text(of number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The built-in type OIDs the wrapper reads or sends (from `pg_type`; fixed across versions).
enum TypeOID {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
}
