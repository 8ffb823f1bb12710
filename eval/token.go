package eval

// bagOfWords counts the metric tokens of text (see textTokens; punctuation
// is left out, as gold files re-type it freely).
func bagOfWords(text string) map[string]int {
	bag := map[string]int{}
	for _, w := range textTokens(text) {
		bag[w]++
	}
	return bag
}

// TokenScores is the token-level metric of Kohlschütter et al. (2010): the
// precision, recall and F1 of the extracted text's bag of words against the
// gold text's. ok is false when the gold has no token (the page is left out
// of the means). An empty extraction of a non-empty gold scores 0.
func TokenScores(extracted, gold string) (s PRF, ok bool) {
	g := bagOfWords(gold)
	if len(g) == 0 {
		return PRF{}, false
	}
	e := bagOfWords(extracted)
	var common, ne, ng int
	for w, n := range e {
		ne += n
		common += min(n, g[w])
	}
	for _, n := range g {
		ng += n
	}
	return prf(common, ne-common, ng-common), true
}
