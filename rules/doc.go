// Package rules holds the sfmd lint rules: one lint.Analyzer per rule,
// each in its own file named after the rule (param-default-unquoted.go
// holds the analyzer param-default-unquoted: its doc, its run function and
// the helpers only it uses), with its test data beside it in one txtar
// archive (testdata/param-default-unquoted.txtar). catalogue.go registers
// every rule, one line each, and pins its name, severity and profile.
//
// The other files hold what several rules share: analysis_*.go are the
// shared analyses (lint.Analyzer values with Shared set, computed once per
// document and read through Pass.ResultOf, like x/tools' inspect pass) and
// helpers_*.go the helpers of one family of rules. A file name with a
// hyphen is a rule; one without is not.
//
// Rules never print or read files; they report through their Pass.
package rules
