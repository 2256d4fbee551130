@testable import Composable
import XCTest

/// `@Boxed` holds an optional value out of line: one word, compared and reflected as the value.
final class BoxedTests: XCTestCase {
    private struct Large: Equatable {
        var a = "a", b = "b", c = "c", d = "d"
    }

    private struct Holder: Equatable {
        @Boxed var large: Large?
    }

    func testNilIsOneWordAndAValueReadsBackAndCompares() {
        XCTAssertEqual(MemoryLayout<Boxed<Large>>.size, MemoryLayout<Int>.size)
        var holder = Holder()
        XCTAssertNil(holder.large)
        holder.large = Large()
        let copy = holder
        holder.large?.a = "changed"
        XCTAssertEqual(holder.large?.a, "changed")
        XCTAssertEqual(copy.large, Large(), "a copy keeps its value")
        XCTAssertNotEqual(holder, copy)
        holder.large?.a = "a"
        XCTAssertEqual(holder, copy, "equal values in different boxes are equal")
    }

    func testItIsReflectedAsItsValue() {
        let boxed = Boxed(wrappedValue: Large())
        let child = Mirror(reflecting: boxed).children.first
        XCTAssertEqual(child?.label, "wrappedValue")
        XCTAssertEqual(child?.value as? Large?, Large())
    }
}
