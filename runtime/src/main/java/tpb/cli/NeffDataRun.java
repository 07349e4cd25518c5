package tpb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.asm.Disassembler;
import tpb.data.DataFault;
import tpb.data.DataRun;
import tpb.data.EventOrder;
import tpb.data.Npy;
import tpb.data.NpyException;
import tpb.data.NeffImage;
import tpb.isa.Arch;
import tpb.neff.Neff;
import tpb.neff.NeffException;

/**
 * {@code tpb run FILE.neff --level data --input NAME=FILE.npy … --output-dir DIR [--trace]}: runs
 * the NEFF's subgraphs on real numbers ({@link DataRun}) and writes every output var as
 * {@code DIR/NAME.npy}. Everything is checked and computed before the first file is written;
 * a bad input, an unknown arch or a fault is one line and exit 1.
 */
final class NeffDataRun {
    private NeffDataRun() {}

    static int run(String file, List<String> inputs, String outputDir, boolean trace, boolean schedules, PrintWriter out) {
        if (outputDir == null) {
            throw new CliException("--level data needs --output-dir DIR (each output var is written as DIR/NAME.npy)", Tpb.USAGE);
        }
        Map<String, Npy.Array> given = new LinkedHashMap<>();
        for (String in : inputs) {
            int eq = in.indexOf('=');
            if (eq <= 0 || eq == in.length() - 1) {
                throw new CliException("--input " + in + ": expected NAME=FILE.npy", Tpb.USAGE);
            }
            String name = in.substring(0, eq);
            String path = in.substring(eq + 1);
            try {
                if (given.put(name, Npy.parse(Inputs.read(path))) != null) {
                    throw new CliException("--input " + name + " is given twice", Tpb.USAGE);
                }
            } catch (NpyException e) {
                throw new CliException(path + ": " + e.getMessage());
            }
        }
        Map<String, Npy.Array> results;
        try {
            Neff neff = Neff.open(Path.of(file));
            Arch arch = Arch.byName(neff.target());
            if (arch == null) {
                throw new CliException(file + ": target " + neff.target() + " is no arch profile of the spec");
            }
            NeffImage image = NeffImage.read(neff);
            if (schedules) {
                List<String> races = DataRun.races(image, arch, given);
                for (String r : races) {
                    out.println("race: " + r);
                }
                if (!races.isEmpty()) {
                    throw new CliException(file + ": the outputs depend on the schedule (" + races.size() + " of "
                            + EventOrder.Schedule.all(image.cores().stream().mapToInt(c -> c.streams().size()).max().orElse(0)).size()
                            + " schedules differ); nothing written");
                }
            }
            DataRun run = new DataRun(image, arch, given).recordText(Disassembler::text);
            results = run.run(trace ? out::println : null);
        } catch (NeffException | DataFault | NpyException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
        Path dir = Path.of(outputDir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CliException(outputDir + ": cannot create the output directory: " + Output.reason(e));
        }
        for (Map.Entry<String, Npy.Array> r : results.entrySet()) {
            Path target = dir.resolve(r.getKey() + ".npy");
            Output.writeBinary(target.toString(), Npy.format(r.getValue()), System.out);
            out.println("wrote " + target + " (" + r.getValue().type().numpyName() + " " + Npy.shapeText(r.getValue().shape()) + ")");
        }
        return 0;
    }
}
