import Testing
import SwellScript

@Test func swellAutomationReexportsCore() {
    #expect(Double.zero.adding(2) == 2)
}
