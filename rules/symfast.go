package rules

// symFast turns on the shortcuts of the variable, template and block
// rules on large documents: an early return once nothing is left to
// report, a scan in place of a regular expression, a walk of a shared
// list in place of every template line. TestSymFast turns them off and
// holds the findings to those without them.
var symFast = true
