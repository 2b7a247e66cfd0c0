// SwellPulse drives other programs' volumes through the sound server; importing it imports SwellCore.
@_exported import SwellCore
