class runtime_knobs:
    add_stages_inspection_hook = None


class compilation_knobs:
    listener = None
    always_compile = False


runtime = runtime_knobs()
compilation = compilation_knobs()
