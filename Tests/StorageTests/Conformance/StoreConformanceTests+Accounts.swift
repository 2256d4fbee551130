import Foundation
import PokedexModels
import Storage
import XCTest

/// One identity on every device: sign-in codes and the many tokens of a user.
extension StoreConformanceTests {
    private var start: Date { Date(timeIntervalSince1970: 1_800_000_000) }

    func testASignInCodeGivesItsUserANewTokenOnce() async throws {
        let (ash, firstToken, _) = try await makeUser("Ash")

        let code = try users.createSignInCode(userID: ash.id, at: start)
        XCTAssertEqual(code.code.count, SignInCode.length)
        XCTAssertTrue(code.code.allSatisfy { SignInCode.alphabet.contains($0) }, code.code)
        XCTAssertEqual(code.expiresAt, start.addingTimeInterval(SignInCode.lifetime))

        // Typed as shown (grouped, in lower case): the same code.
        let (user, secondToken) = try users.redeemSignInCode(code.grouped.lowercased(), at: start.addingTimeInterval(60))
        XCTAssertEqual(user, ash)
        XCTAssertTrue(isLowercaseHex(secondToken, length: 64), secondToken)
        XCTAssertNotEqual(secondToken, firstToken)
        XCTAssertEqual(try users.user(forToken: secondToken), ash)
        XCTAssertEqual(try users.user(forToken: firstToken), ash, "the first browser stays signed in")

        XCTAssertThrows(.usedSignInCode, try users.redeemSignInCode(code.code, at: start.addingTimeInterval(61)))
        XCTAssertEqual(try count("tokens"), 2)
    }

    func testACodeExpiresAfterTenMinutesAndUnknownCodesFindNobody() async throws {
        let (misty, _, _) = try await makeUser("Misty")
        let code = try users.createSignInCode(userID: misty.id, at: start)

        XCTAssertThrows(.expiredSignInCode, try users.redeemSignInCode(code.code, at: start.addingTimeInterval(SignInCode.lifetime)))
        XCTAssertThrows(.unknownSignInCode, try users.redeemSignInCode("ABCD-EFGH", at: start))
        XCTAssertThrows(.unknownSignInCode, try users.redeemSignInCode("not a code", at: start))
        XCTAssertThrows(.unknownSignInCode, try users.redeemSignInCode("", at: start))
        XCTAssertEqual(try count("tokens"), 1, "a refused code issues no token")
        XCTAssertThrows(.unknownUser, try users.createSignInCode(userID: "nobody", at: start))
    }

    func testCodesAreStoredOnlyAsTheirSHA256() async throws {
        let (brock, _, _) = try await makeUser("Brock")
        let code = try users.createSignInCode(userID: brock.id, at: start)

        XCTAssertEqual(try storedValues("code_hash", of: "sign_in_codes"), [RandomToken.storedHash(of: code.code)])
        // The stored hash is not a code.
        XCTAssertThrows(.unknownSignInCode, try users.redeemSignInCode(RandomToken.storedHash(of: code.code), at: start))
    }

    func testSigningOutOneBrowserRevokesOnlyItsToken() async throws {
        let (gary, first, _) = try await makeUser("Gary")
        let second = try users.redeemSignInCode(try users.createSignInCode(userID: gary.id, at: start).code, at: start).token

        try users.revokeToken(hash: RandomToken.storedHash(of: first), userID: gary.id)

        XCTAssertNil(try users.user(forToken: first))
        XCTAssertEqual(try users.user(forToken: second), gary)
        XCTAssertEqual(try users.user(id: gary.id), gary, "the user stays, with their lists")
    }

    func testARevocationNamesItsUser() async throws {
        let (ash, ashToken, _) = try await makeUser("Ash")
        let (misty, _, _) = try await makeUser("Misty")

        // Misty cannot sign Ash's browser out by naming its token's hash.
        try users.revokeToken(hash: RandomToken.storedHash(of: ashToken), userID: misty.id)

        XCTAssertEqual(try users.user(forToken: ashToken), ash)
    }

    func testSigningOutEverywhereRevokesEveryTokenAndUnusedCode() async throws {
        let (erika, first, _) = try await makeUser("Erika")
        let (other, otherToken, _) = try await makeUser("Sabrina")
        let second = try users.redeemSignInCode(try users.createSignInCode(userID: erika.id, at: start).code, at: start).token
        let unused = try users.createSignInCode(userID: erika.id, at: start)

        try users.revokeAllTokens(userID: erika.id)

        XCTAssertNil(try users.user(forToken: first))
        XCTAssertNil(try users.user(forToken: second))
        XCTAssertThrows(.unknownSignInCode, try users.redeemSignInCode(unused.code, at: start))
        XCTAssertEqual(try users.user(forToken: otherToken), other, "other users stay signed in")
        XCTAssertEqual(try users.user(id: erika.id), erika)
    }

    func testTwoBrowsersRacingWithOneCodeSignOneIn() async throws {
        let (koga, _, _) = try await makeUser("Koga")
        let code = try users.createSignInCode(userID: koga.id, at: start).code
        let other = try openStores().users
        let stores = [users, other]
        let at = start

        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<6 {
                let store = stores[index % 2]
                group.addTask { (try? store.redeemSignInCode(code, at: at)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }

        XCTAssertEqual(outcomes.filter { $0 }.count, 1)
        XCTAssertEqual(try count("tokens"), 2)
    }
}
