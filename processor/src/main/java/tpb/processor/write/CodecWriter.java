package tpb.processor.write;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.LutDef;
import tpb.spec.model.ViewDef;

/** Everything generated for one spec, as JavaPoet files; the only entry point into JavaPoet. */
public final class CodecWriter {
    /** Name of the resolved-model resource written beside the generated classes. */
    public static final String MODEL_RESOURCE = "isa-model.json";

    private CodecWriter() {}

    public static List<JavaFile> write(IsaModel model, String pkg, String specPath) {
        Ctx ctx = new Ctx(model, pkg, specPath);
        List<TypeSpec> types = new ArrayList<>();
        for (EnumDef e : model.enums()) {
            types.add(EnumWriter.write(ctx, e));
        }
        for (LutDef l : model.luts()) {
            types.add(LutWriter.write(ctx, l));
        }
        StructWriter structs = new StructWriter(ctx);
        GroupViewWriter groupViews = new GroupViewWriter(ctx);
        FlyweightWriter flyweights = new FlyweightWriter(ctx, groupViews);
        types.add(flyweights.preamble());
        types.addAll(groupViews.interfaces());
        for (GroupDef g : model.groups()) {
            types.add(structs.group(g));
            types.add(groupViews.write(g));
        }
        if (ctx.hasOpaqueArms()) {
            types.add(structs.opaque());
            types.add(flyweights.opaque());
        }
        for (ArmDef a : model.arms()) {
            if (a.opaque()) {
                continue;
            }
            types.add(structs.arm(a));
            types.add(flyweights.write(ctx.flyweight(a), a, Layout.arm(model, a), a.fields(), a.doc(), a.source()));
            for (ViewDef v : a.views()) {
                types.add(structs.view(a, v));
                types.add(flyweights.write(ctx.viewFlyweight(a, v), a, Layout.view(model, v), v.fields(), v.doc(), v.source()));
            }
        }
        types.add(new ArmEnumWriter(ctx).write());
        types.add(new InstructionWriter(ctx).write());
        types.add(new VisitorWriter(ctx).write());
        types.add(new RawRecordWriter(ctx).write());
        types.add(new DecoderWriter(ctx).write());
        types.addAll(new ValidatorWriter(ctx).write());
        types.add(ArchWriter.write(ctx));
        types.add(new LayoutsWriter(ctx).write());
        types.add(new VectorWriter(ctx).write());
        types.add(SymbolsWriter.write(ctx));
        if (!model.features().isEmpty()) {
            types.add(FeatureWriter.write(ctx));
        }
        if (!model.stages().isEmpty()) {
            types.add(StageWriter.write(ctx));
        }
        types.add(info(ctx));
        List<JavaFile> files = new ArrayList<>();
        for (TypeSpec t : types) {
            files.add(JavaFile.builder(pkg, t).skipJavaLangImports(true).indent("    ")
                    .addFileComment("Generated from $L by tpb.processor.IsaProcessor. Do not edit: edit the spec.", specPath).build());
        }
        return files;
    }

    private static TypeSpec info(Ctx ctx) {
        IsaModel m = ctx.model;
        return TypeSpec.classBuilder(ctx.cls("IsaInfo")).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(ctx.generated())
                .addJavadoc("Facts about the $L record shape, and the resolved spec as a JSON resource for tools.\n", m.name())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addField(Ctx.constant("NAME", m.name()))
                .addField(Ctx.constant("TITLE", m.title() == null ? m.name() : m.title()))
                .addField(Ctx.constant("SPEC", ctx.specPath))
                .addField(Ctx.constant("RECORD_SIZE", m.record().size()))
                .addField(Ctx.constant("STRIDE", m.record().stride()))
                .addField(Ctx.constant("OPCODE_OFFSET", m.record().opcodeAt()))
                .addField(Ctx.constant("OPCODE_WIDTH", m.opcodeEnum().type().width))
                .addField(FieldSpec.builder(int.class, "OPCODE_VALUES", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("How many values the opcode field can hold (a table indexed by opcode has this length).\n")
                        .initializer("$L", m.opcodeValues()).build())
                .addField(Ctx.constant("OPCODE_ENUM", m.record().opcodeEnum()))
                .addField(FieldSpec.builder(boolean.class, "BIG_ENDIAN", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$L", !m.record().littleEndian()).build())
                .addField(FieldSpec.builder(ByteOrder.class, "BYTE_ORDER", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The byte order of every multi-byte field of a record.\n")
                        .initializer("$T.$L", ByteOrder.class, m.record().littleEndian() ? "LITTLE_ENDIAN" : "BIG_ENDIAN").build())
                .addField(Ctx.constant("MODEL_RESOURCE", MODEL_RESOURCE))
                .addMethod(MethodSpec.methodBuilder("openModel").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(InputStream.class)
                        .addJavadoc("The resolved spec (enums, LUTs, arms with every field) as JSON.\n")
                        .addStatement("return IsaInfo.class.getResourceAsStream(MODEL_RESOURCE)").build())
                .build();
    }
}
