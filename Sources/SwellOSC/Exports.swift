// SwellOSC sends layer values and reads requests over OSC; importing it imports SwellCore.
@_exported import SwellCore
