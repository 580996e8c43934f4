class _IR:
    class context:
        pass

    class module:
        """An MLIR module: its text (Triton prints it with locations)."""

        def __init__(self, text, context):
            self.text = text
            self.context = context

        def __str__(self):
            return self.text

    parsed = []   # the paths parse_mlir_module read, for the tests

    @classmethod
    def parse_mlir_module(cls, path, context):
        with open(path) as f:
            text = f.read()
        if "stand-in: refuse" in text:
            raise RuntimeError("Parse MLIR file failed.")
        cls.parsed.append(path)
        return cls.module(text, context)


ir = _IR
