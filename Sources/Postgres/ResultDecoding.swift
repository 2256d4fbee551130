import CPostgres

/// Copies a text-format `PGresult` into `PostgresResult`, typing each column by its OID.
enum ResultDecoding {
    static func decode(_ result: OpaquePointer) -> PostgresResult {
        let columnCount = PQnfields(result)
        let rowCount = PQntuples(result)
        let columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        let types = (0..<columnCount).map { PQftype(result, $0) }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            let values = (0..<columnCount).map { column -> PostgresValue in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                return value(PQgetvalue(result, row, column), length: Int(PQgetlength(result, row, column)), type: types[Int(column)])
            }
            rows.append(PostgresRow(values, columns: columns))
        }
        return PostgresResult(
            rows: rows,
            columns: columns,
            affectedRows: Int(String(cString: PQcmdTuples(result))) ?? 0,
            command: String(cString: PQcmdStatus(result))
        )
    }

    private static func value(_ bytes: UnsafeMutablePointer<CChar>, length: Int, type: Oid) -> PostgresValue {
        if type == TypeOID.bytea { return .bytea(unescapeBytea(bytes)) }
        let text = bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            return Int64(text).map(PostgresValue.integer) ?? .text(text)
        case TypeOID.bool:
            return .bool(text == "t")
        case TypeOID.float4, TypeOID.float8:
            return Double(text).map(PostgresValue.double) ?? .text(text)
        default:
            return .text(text)
        }
    }

    /// libpq's decoder reads both output formats (`bytea_output` hex and escape).
    private static func unescapeBytea(_ text: UnsafeMutablePointer<CChar>) -> [UInt8] {
        var count = 0
        guard let bytes = text.withMemoryRebound(to: UInt8.self, capacity: 1, { PQunescapeBytea($0, &count) }) else { return [] }
        defer { PQfreemem(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
