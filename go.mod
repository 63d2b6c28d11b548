module github.com/sfmd-dev/sfmd

go 1.26.8

require (
	github.com/jarcoal/httpmock v1.4.2
	github.com/rogpeppe/go-internal v1.16.0
	github.com/sergi/go-diff v1.4.0
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/net v0.61.0
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.43.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/term v0.48.0
