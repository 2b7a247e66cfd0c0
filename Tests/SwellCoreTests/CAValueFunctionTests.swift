import Foundation
import Testing
@testable import SwellCore

@Suite("CAValueFunction")
struct CAValueFunctionTests {
    @Test func rawValuesAreQuartzCores() {
        let names: [CAValueFunctionName] = [
            .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
            .translate, .translateX, .translateY, .translateZ,
        ]
        #expect(names.map(\.rawValue) == [
            "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
            "translate", "translateX", "translateY", "translateZ",
        ])
        #expect(names.allSatisfy { CAValueFunction(name: $0)?.name == $0 })
        #expect(CAValueFunction(name: CAValueFunctionName("spin")) == nil)
    }

    @Test func rotateZMakesTheRotationMatrix() throws {
        let angle = 2 * Double.pi * 0.37
        let t = try #require(CAValueFunction(name: .rotateZ)).transform(for: [angle])
        #expect(t.entries == [
            cos(angle), sin(angle), 0, 0, -sin(angle), cos(angle), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
        ])
    }

    @Test func rotateXAndYTurnAboutTheirAxes() throws {
        let angle = 0.8
        let x = try #require(CAValueFunction(name: .rotateX)).transform(for: [angle])
        #expect((x.m22, x.m23, x.m32, x.m33) == (cos(angle), sin(angle), -sin(angle), cos(angle)))
        let y = try #require(CAValueFunction(name: .rotateY)).transform(for: [angle])
        #expect((y.m11, y.m13, y.m31, y.m33) == (cos(angle), -sin(angle), sin(angle), cos(angle)))
    }

    @Test func scaleAndTranslateTakeThreeValues() throws {
        let scale = try #require(CAValueFunction(name: .scale)).transform(for: [2, 3, 4])
        #expect(scale.entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        let move = try #require(CAValueFunction(name: .translate)).transform(for: [5, 6, 7])
        #expect(move.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1])
    }

    @Test func singleAxisFunctionsLeaveTheOtherAxesAlone() throws {
        let scaleY = try #require(CAValueFunction(name: .scaleY)).transform(for: [3])
        #expect((scaleY.m11, scaleY.m22, scaleY.m33) == (1, 3, 1))
        let translateZ = try #require(CAValueFunction(name: .translateZ)).transform(for: [-9])
        #expect((translateZ.m41, translateZ.m42, translateZ.m43) == (0, 0, -9))
        let scaleX = try #require(CAValueFunction(name: .scaleX))
        #expect(scaleX.inputCount == 1)
        #expect(try #require(CAValueFunction(name: .translate)).inputCount == 3)
    }

    @Test func wrongInputIsOneClearError() throws {
        let translate = try #require(CAValueFunction(name: .translate))
        #expect(throws: CAValueFunctionError.wrongInputCount(name: .translate, expected: 3, actual: 1)) {
            try translate.transform(for: [1])
        }
        let rotate = try #require(CAValueFunction(name: .rotateZ))
        do {
            _ = try rotate.transform(for: [.nan])
            Issue.record("NaN was accepted")
        } catch {
            #expect("\(error)" == "value function 'rotateZ' got the non-finite input value nan")
        }
        #expect("\(CAValueFunctionError.wrongInputCount(name: .scale, expected: 3, actual: 2))"
            == "value function 'scale' takes 3 input values, got 2")
    }
}
