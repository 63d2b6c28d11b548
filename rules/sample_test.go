package rules

import (
	"testing"

	"github.com/sfmd-dev/sfmd/model"
	"github.com/sfmd-dev/sfmd/sfmd"
)

// TestSampleValueReadsMeantType checks that the dry run samples a field
// by the type its written type means (sfmd.MeantParamType), as sfmd test
// --init does: a long, double or num field gets a number as int and float
// did (it got "example"), a BOOL field true.
func TestSampleValueReadsMeantType(t *testing.T) {
	a := &sfmd.Action{ID: "x"}
	for typ, want := range map[string]string{
		"number": "1", "int": "1", "float": "1", "long": "1", "double": "1", "num": "1", "Decimal": "1",
		"boolean": "true", "bool": "true", "BOOL": "true",
		"string": "example", "path": "example", "tuple": "example",
	} {
		if got := sampleValue(a, model.FieldInfo{Name: "v", Type: typ}); got != want {
			t.Errorf("sampleValue(type %s) = %q, want %q", typ, got, want)
		}
	}
}
