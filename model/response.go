package model

// actionOutput is the loader's ActionResult.
type actionOutput struct {
	source   string
	status   int
	jsonBody *jsValue
	cli      bool
	stdout   string
	stderr   string
}

func (o actionOutput) responseObject() *jsValue {
	obj := newOrdered[*jsValue]()
	obj.Set("status", jsNum(float64(o.status)))
	if o.jsonBody != nil && o.jsonBody.kind != jsNull {
		obj.Set("body", o.jsonBody)
	} else {
		obj.Set("body", jsStr(o.source))
	}
	if o.cli {
		obj.Set("exit_code", jsNum(float64(o.status)))
		obj.Set("stdout", jsStr(o.stdout))
		obj.Set("stderr", jsStr(o.stderr))
	}
	return &jsValue{kind: jsObject, obj: obj}
}

// respond turns the output into the result: the response template when
// the action has one, else a CLI action's raw output or the rendered body.
func (c *call) respond(out actionOutput) Result {
	rt, a, res := c.rt, c.a, c.res
	if a.HasResp {
		t := &templateRun{rt: rt, jsonBody: out.jsonBody, input: c.input, res: &res, trace: c.trace}
		t.response = out.responseObject()
		limit := rt.templateLimit
		if limit <= 0 {
			limit = MaxTemplateOutput
		}
		text := t.execute(a.Response, limit)
		if res.Limit != "" {
			return res // not OK, nothing rendered
		}
		rendered, autos := renderSFMD(text)
		s := rt.session()
		for _, as := range autos {
			s.setAutoShortcut(as.ID, as.Href)
		}
		res.OK, res.Code, res.Content = true, "", rendered
		return res
	}
	if c.isCLI {
		if out.status != 0 {
			res.Code = "EXIT_" + itoa(out.status)
			res.Content = rt.withSetupHint(out.source)
			return res
		}
		res.OK, res.Content = true, out.source
		return res
	}
	rendered, _ := renderSFMD(out.source)
	res.OK, res.Content = true, rendered
	return res
}

func (rt *Runtime) withSetupHint(content string) string {
	if rt.Env.RequirementsPath == "" {
		return content
	}
	return content + "\n\nSetup info: /open " + rt.Env.RequirementsPath
}
