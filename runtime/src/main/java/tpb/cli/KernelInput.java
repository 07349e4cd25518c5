package tpb.cli;

import java.io.PrintWriter;
import java.util.Map;
import tpb.codegen.Compiler;
import tpb.ir.KernelException;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.EngineType;
import tpb.mir.CompileException;

/**
 * A kernel file as {@code tpb run} and {@code tpb compile} take it: read with every error printed
 * on stderr, one a line, then one line saying how many; compiled with a back-end refusal as one
 * line naming the file.
 */
final class KernelInput {
    private KernelInput() {}

    /** Reads {@code path} ({@code -}: stdin), naming it {@code source} in diagnostics. */
    static Module read(String source, String path, PrintWriter err) {
        try {
            return KernelReader.read(source, Inputs.text(path));
        } catch (KernelException e) {
            e.diagnostics().forEach(err::println);
            throw new CliException(source + ": " + e.diagnostics().size() + " error(s) in the kernel");
        }
    }

    static Map<EngineType, Compiler.EngineOutput> compile(Module m, Compiler.Options options, String source) {
        try {
            return Compiler.compile(m, options);
        } catch (CompileException e) {
            throw new CliException(source + ": " + e.getMessage());
        }
    }
}
