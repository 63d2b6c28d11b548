package lint

import "github.com/sfmd-dev/sfmd/internal/suggest"

// Suggest returns the candidate closest to s by edit distance, or "" when
// none is close enough to be a plausible typo.
//
// Deprecated: use internal/suggest; kept until rules/ moves over.
func Suggest(s string, candidates []string) string { return suggest.Nearest(s, candidates) }

// DidYouMean renders the tail of an "unknown X" message: `did you mean
// "y"?` when there is a close candidate, otherwise fallback.
//
// Deprecated: use internal/suggest; kept until rules/ moves over.
func DidYouMean(s string, candidates []string, fallback string) string {
	return suggest.DidYouMean(s, candidates, fallback)
}

// EditDistance is the Levenshtein distance between a and b in characters.
//
// Deprecated: use internal/suggest; kept until rules/ moves over.
func EditDistance(a, b string) int { return suggest.EditDistance(a, b) }
