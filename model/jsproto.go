package model

// What a template path reaches through JavaScript's prototypes. The
// runtime's walkJsonPath (helpers.ts) steps with current[key] into
// anything whose typeof is "object", so a key that is not an own property
// of a JSON object or array is looked up on Object.prototype or
// Array.prototype: {Response.body.toString} is a function, whose String()
// is its source ("function toString() { [native code] }"),
// {Response.body.__proto__} is the prototype object itself (JSON "{}" or
// "[]"), and {Response.body.constructor} is Object or Array. A function's
// typeof is "function", so a path stops resolving there. The property
// names are Node 20's (Object.getOwnPropertyNames of each prototype).

// The prototypes a path can reach, as values: empty and never modified.
var (
	jsObjectProto = &jsValue{kind: jsObject, obj: newOrdered[*jsValue](), proto: protoObject}
	jsArrayProto  = &jsValue{kind: jsArray, proto: protoArray}
)

// protoKind marks a value that is one of the built-in prototypes.
type protoKind uint8

const (
	protoNone protoKind = iota
	protoObject
	protoArray
)

var objectProtoMethods = setOf("__defineGetter__", "__defineSetter__", "hasOwnProperty", "__lookupGetter__",
	"__lookupSetter__", "isPrototypeOf", "propertyIsEnumerable", "toString", "valueOf", "toLocaleString")

var arrayProtoMethods = setOf("at", "concat", "copyWithin", "fill", "find", "findIndex", "findLast", "findLastIndex",
	"lastIndexOf", "pop", "push", "reverse", "shift", "unshift", "slice", "sort", "splice", "includes", "indexOf",
	"join", "keys", "entries", "values", "forEach", "filter", "flat", "flatMap", "map", "every", "some", "reduce",
	"reduceRight", "toLocaleString", "toString", "toReversed", "toSorted", "toSpliced", "with")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// jsFunc is a built-in function named name.
func jsFunc(name string) *jsValue { return &jsValue{kind: jsFunction, s: name} }

// member is v[key] for an object or array v (typeof "object"): an own
// property, else the prototype chain's; undefined when neither has it.
func member(v *jsValue, key string) *jsValue {
	switch v.kind {
	case jsObject:
		if x, ok := v.obj.Get(key); ok {
			return x
		}
		if v.proto == protoObject {
			return objectProtoMember(key, true)
		}
		return objectProtoMember(key, false)
	case jsArray:
		if key == "length" {
			return jsNum(float64(len(v.arr)))
		}
		if arrayProtoMethods[key] {
			return jsFunc(key)
		}
		switch key {
		case "constructor":
			return jsFunc("Array")
		case "__proto__":
			if v.proto == protoArray {
				return jsObjectProto
			}
			return jsArrayProto
		}
		return objectProtoMember(key, false)
	}
	return jsUndef
}

// objectProtoMember is Object.prototype[key] as reached from an object
// (self: from Object.prototype itself, whose __proto__ is null).
func objectProtoMember(key string, self bool) *jsValue {
	switch {
	case objectProtoMethods[key]:
		return jsFunc(key)
	case key == "constructor":
		return jsFunc("Object")
	case key == "__proto__" && self:
		return jsNullVal
	case key == "__proto__":
		return jsObjectProto
	}
	return jsUndef
}
