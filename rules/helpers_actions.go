package rules

import (
	"strings"

	"github.com/sfmd-dev/sfmd/sfmd"
)

// Helpers shared by the rules about the first line of an action block
// (method, target, stray tokens, headers; spec.md §2.6, §2.7).

// actionMethods are the action types of spec.md §1.9.2.
var actionMethods = []string{sfmd.MethodGET, sfmd.MethodPOST, sfmd.MethodPUT, sfmd.MethodPATCH, sfmd.MethodDELETE, sfmd.MethodCLI}

func isKnownMethod(m string) bool {
	for _, k := range actionMethods {
		if k == m {
			return true
		}
	}
	return false
}

// hasFirstLine reports whether the action has a non-blank definition line
// (action-block-empty reports the others).
func hasFirstLine(a *sfmd.Action) bool {
	return a.MethodRaw != "" && a.MethodSpan.IsValid()
}

// quoteName names a header's quote character in messages.
func quoteName(q byte) string {
	if q == '\'' {
		return "single"
	}
	return "double"
}

// isHeaderLine reports whether an action line is a -H flag.
func isHeaderLine(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, "-H ") || strings.HasPrefix(t, `-H"`) || strings.HasPrefix(t, "-H'") || t == "-H"
}

// sendsInlineBody reports whether a dry-run call sends its action's -d
// body: an HTTP action whose method is not GET or DELETE (the model's
// planHTTP puts those fields in the query and sends no body).
func sendsInlineBody(c *dryCall) bool {
	a := c.Action
	return !c.Info.CLI() && a.InlineBody != nil && a.InlineBody.Template != nil && c.Info.Method != "GET" && c.Info.Method != "DELETE"
}
