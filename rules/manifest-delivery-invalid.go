package rules

import "github.com/sfmd-dev/sfmd/lint"

// ManifestDeliveryInvalid reports a "delivery" other than local, link or
// any.
var ManifestDeliveryInvalid = &lint.Analyzer{
	Name:     "manifest-delivery-invalid",
	Severity: lint.Error,
	Profile:  lint.Manifest,
	Doc: lint.Doc{
		Title: "install manifest delivery is not local, link or any",
		Why:   "`delivery` is `\"local\"`, `\"link\"`, `\"any\"` or absent (local); the daemon does not know any other mode",
		Bad:   `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "delivery": "copy"}`,
		Good:  `{"files": [{"path": "string.md", "url": "https://example.com/string.md"}], "delivery": "local"}`,

		Severity: "spec.md §1.14: the daemon does not know the mode and the install fails",
	},
	Requires: []*lint.Analyzer{manifestAnalyzer},
	Run: func(pass *lint.Pass) (any, error) {
		m := manifestOf(pass)
		if m.root == nil || m.root.kind != jObject {
			return nil, nil
		}
		d := m.root.get("delivery")
		if d == nil {
			return nil, nil
		}
		span := tokenSpan(pass.Doc.Index, d.val)
		expected := "expected one of " + quoteAll(manifestDeliveries) + ", or no \"delivery\" for \"local\""
		if d.val.kind != jString {
			pass.Reportf(span, "delivery is %s, not a string: %s", d.val.describe(), expected)
			return nil, nil
		}
		if hasString(manifestDeliveries, d.val.str) {
			return nil, nil
		}
		if n := nearest(d.val.str, manifestDeliveries); n != "" {
			pass.Reportf(span, "unknown delivery %q: did you mean %q?", d.val.str, n)
			return nil, nil
		}
		pass.Reportf(span, "unknown delivery %q: %s", d.val.str, expected)
		return nil, nil
	},
}

// manifestDeliveries are the values of "delivery" the daemon knows.
var manifestDeliveries = []string{"local", "link", "any"}
