import type { ComponentType } from 'react';
import { Document, type AssetManifest } from '../document';
import { Island } from '../island';

/** A page that is one hydrated island (chat, console, sign-in callback). */
export function IslandPage<P extends object>(props: {
  assets: AssetManifest;
  title: string;
  island: string;
  component: ComponentType<P>;
  islandProps: P;
  bodyClass?: string;
}) {
  return (
    <Document title={props.title} assets={props.assets} islands={[props.island]} bodyClass={props.bodyClass}>
      <Island name={props.island} component={props.component} props={props.islandProps} />
    </Document>
  );
}
