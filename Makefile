# Installs Parallax Playground as a Linux application, and packages it as a .deb
# (docs/installing.md). The Swift package itself builds with `swift build`; this builds the release
# binary with the Swift runtime linked in, stages everything an installed copy needs under
# $(STAGE), and copies that tree into $(DESTDIR)$(PREFIX) or into a .deb.
#
#   make                     build and stage
#   make install             PREFIX=/usr/local by default; DESTDIR for staged installs
#   make uninstall           removes what make install recorded, with the same PREFIX and DESTDIR
#   make deb                 dist/parallax_<version>_<arch>.deb

PREFIX ?= /usr/local
DESTDIR ?=
APP_ID := org.parallaxplayground.Parallax
MAINTAINER := Parallax Playground maintainers <maintainers@parallaxplayground.org>
HOMEPAGE := https://github.com/parallaxplayground/parallax

# A scratch path of its own, so this build never waits on the lock of a `swift build` or `swift
# test` in .build, and the static release binary is never relinked by another configuration.
SCRATCH := .build-release
BINARY := $(SCRATCH)/release/parallax
STAGE := $(SCRATCH)/stage
MANUAL := $(SCRATCH)/plugins/GenerateManual/outputs/parallax/parallax.1
METAINFO := packaging/$(APP_ID).metainfo.xml
TARGET := $(DESTDIR)$(PREFIX)

# A prefix that cannot be made (a path under a regular file) stops here, before minutes of building.
ifneq ($(filter install,$(MAKECMDGOALS)),)
TARGET_PROBLEM := $(shell scripts/install-tree check '$(TARGET)' 2>&1)
ifneq ($(TARGET_PROBLEM),)
$(error make install: $(TARGET_PROBLEM))
endif
endif

# Staged again only when a file it comes from changed, so `make && sudo make install` builds as the
# user and only copies as root.
STAGED := $(SCRATCH)/staged
STAGE_INPUTS := Makefile Package.swift $(shell find Sources Resources packaging -type f)

.PHONY: all build stage install uninstall deb clean
all: stage
stage: $(STAGED)

build:
	swift build -c release --static-swift-stdlib --scratch-path $(SCRATCH) --product parallax

# The version comes from the binary (`--version`, Sources/parallax/Parallax.swift): the metainfo's
# newest release must say the same, and the manual is dated with that release. The bash completions
# lose the generator's #! line: bash-completion sources them, it does not run them.
$(STAGED): $(STAGE_INPUTS)
	@rm -f $@
	$(MAKE) build
	@set -e; \
	version=$$($(BINARY) --version); \
	newest=$$(sed -n 's/.*<release version="\([^"]*\)" date="\([^"]*\)".*/\1 \2/p' $(METAINFO) | head -n 1); \
	if [ "$${newest% *}" != "$$version" ]; then \
	    echo "make: $(METAINFO): newest release is '$${newest% *}', parallax --version says '$$version'" >&2; exit 1; \
	fi; \
	echo "staging parallax $$version"; \
	swift package --scratch-path $(SCRATCH) --allow-writing-to-package-directory generate-manual \
	    --configuration debug --date "$${newest#* }" --authors "$(MAINTAINER)" >/dev/null; \
	rm -rf $(STAGE); \
	install -d $(STAGE)/bin $(STAGE)/share/parallax $(STAGE)/share/applications $(STAGE)/share/metainfo \
	    $(STAGE)/share/man/man1 $(STAGE)/share/bash-completion/completions $(STAGE)/share/zsh/site-functions \
	    $(STAGE)/share/fish/vendor_completions.d $(STAGE)/share/doc/parallax $(STAGE)/share/icons/hicolor/scalable/apps; \
	install -m 755 $(BINARY) $(STAGE)/bin/parallax; \
	strip --remove-section=.comment --remove-section=.note --strip-unneeded $(STAGE)/bin/parallax; \
	cp -R Resources/Fonts Resources/Images Resources/Icons Resources/Scripts $(STAGE)/share/parallax/; \
	install -m 644 packaging/$(APP_ID).desktop $(STAGE)/share/applications/; \
	install -m 644 $(METAINFO) $(STAGE)/share/metainfo/; \
	for png in Resources/Icons/parallax-*.png; do \
	    size=$${png##*-}; size=$${size%.png}; \
	    install -D -m 644 $$png $(STAGE)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; \
	done; \
	install -m 644 Resources/Icons/parallax.svg $(STAGE)/share/icons/hicolor/scalable/apps/$(APP_ID).svg; \
	gzip -9n < $(MANUAL) > $(STAGE)/share/man/man1/parallax.1.gz; \
	$(BINARY) --generate-completion-script bash | sed '1{/^#!/d}' > $(STAGE)/share/bash-completion/completions/parallax; \
	$(BINARY) --generate-completion-script zsh > $(STAGE)/share/zsh/site-functions/_parallax; \
	$(BINARY) --generate-completion-script fish > $(STAGE)/share/fish/vendor_completions.d/parallax.fish; \
	install -m 644 packaging/copyright $(STAGE)/share/doc/parallax/copyright; \
	{ printf 'parallax (%s) stable; urgency=medium\n\n' "$$version"; \
	  printf '  * Release %s: its notes are in the metainfo,\n    share/metainfo/$(APP_ID).metainfo.xml.\n\n' "$$version"; \
	  printf ' -- %s  %s\n' "$(MAINTAINER)" "$$(date -u -R -d "$${newest#* } 00:00:00")"; \
	} | gzip -9n > $(STAGE)/share/doc/parallax/changelog.gz; \
	chmod -R u=rwX,go=rX $(STAGE); \
	touch $@

install: $(STAGED)
	scripts/install-tree install $(STAGE) '$(TARGET)'

uninstall:
	scripts/install-tree uninstall '$(TARGET)'

# The staged tree under /usr, with a control file per deb-control(5); Depends are dpkg-shlibdeps's,
# from the Debian packages of the libraries the binary links.
deb: $(STAGED)
	@set -e; \
	version=$$($(BINARY) --version); arch=$$(dpkg --print-architecture); \
	root=$(SCRATCH)/deb-root; rm -rf $$root; mkdir -p $$root/usr $$root/DEBIAN; \
	cp -R $(STAGE)/. $$root/usr/; \
	shlibs=$$(mktemp -d); mkdir $$shlibs/debian; \
	printf 'Source: parallax\n\nPackage: parallax\nArchitecture: any\n' > $$shlibs/debian/control; \
	depends=$$(cd $$shlibs && dpkg-shlibdeps -O -e$(CURDIR)/$$root/usr/bin/parallax 2>/dev/null | sed -n 's/^shlibs:Depends=//p'); \
	rm -rf $$shlibs; \
	[ -n "$$depends" ] || { echo "make deb: dpkg-shlibdeps found no dependencies of $$root/usr/bin/parallax" >&2; exit 1; }; \
	{ echo "Package: parallax"; \
	  echo "Version: $$version"; \
	  echo "Architecture: $$arch"; \
	  echo "Maintainer: $(MAINTAINER)"; \
	  echo "Installed-Size: $$(du -sk $$root/usr | cut -f1)"; \
	  echo "Depends: $$depends"; \
	  echo "Section: graphics"; \
	  echo "Priority: optional"; \
	  echo "Homepage: $(HOMEPAGE)"; \
	  echo "Description: playground for parallax scrolling and scroll physics"; \
	  echo " Parallax Playground opens a window that shows parallax scrolling done right."; \
	  echo " Scroll with a mouse wheel, a trackpad, by dragging or with the keys, and feel"; \
	  echo " real inertia and rubber-banding in three scenes: a photo feed whose images"; \
	  echo " shift inside their cells (your own photo folder too), a stretchy header and a"; \
	  echo " pager whose text layers move at different speeds."; \
	  echo " ."; \
	  echo " A frame-time panel shows the 60 fps pacing, and a physics lab compares six"; \
	  echo " platforms' scroll physics. The same engine runs headless from scripted input"; \
	  echo " to capture frames as PNG for visual regression tests."; \
	} > $$root/DEBIAN/control; \
	(cd $$root && find usr -type f | LC_ALL=C sort | xargs md5sum) > $$root/DEBIAN/md5sums; \
	chmod 644 $$root/DEBIAN/control $$root/DEBIAN/md5sums; \
	mkdir -p dist; \
	dpkg-deb --root-owner-group --build $$root dist/parallax_$${version}_$${arch}.deb

clean:
	rm -rf $(STAGE) $(STAGED) $(SCRATCH)/deb-root dist
