import Testing
import SwellAutomation

@Test func swellAutomationReexportsCore() {
    #expect(Double.zero.adding(2) == 2)
}
