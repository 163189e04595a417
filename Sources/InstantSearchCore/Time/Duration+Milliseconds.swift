extension Duration {
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// "1.234 s": how long a command took, for a person, to the millisecond.
    public var secondsText: String {
        let total = Int(milliseconds.rounded())
        let fraction = String(total % 1000)
        return "\(total / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
    }
}
