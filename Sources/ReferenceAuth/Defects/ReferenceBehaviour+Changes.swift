extension ReferenceBehaviour {
    /// The conforming behaviour changed by `variations`, then by `defects`, each in catalogue order: of two
    /// that set the same value, the later one's stands.
    init(defects: Set<Defect>, variations: Set<Variation>) {
        self.init()
        // The conforming reference reads neither list: making every defect is a tenth of a second in a debug build,
        // which each worker process of a crash-isolated run would pay again.
        guard !defects.isEmpty || !variations.isEmpty else { return }
        for variation in Variation.allCases where variations.contains(variation) { variation.effect(&self) }
        for defect in Defect.allCases where defects.contains(defect) { defect.effect(&self) }
    }
}
